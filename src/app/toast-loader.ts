import type { InspectionEvent, Observer } from 'xstate';
import type { ToasterEvent } from '../../machines/toast/toaster.machine.ts';
import type { LoadedToasts } from './toasts.tsx';

/**
 * The toaster comes with the first notice, not with the first page: most visits to the sign-in
 * page show none, and the toaster's machines and views (src/app/toasts.tsx) are a tenth of
 * what that page loads besides React. What is sent before it is here waits for it, in order
 * (each send is chained on the one load). Should its code fail to come, those notices are lost
 * and the next one tries again, as the API client's loading does (api.ts).
 */
export function createToastLoader(options: {
  inspect?: Observer<InspectionEvent> | ((e: InspectionEvent) => void);
  onError?: (error: unknown) => void;
}) {
  let loading: Promise<LoadedToasts> | undefined;
  let loaded: LoadedToasts | undefined;
  let stopped = false;
  const listeners = new Set<() => void>();

  const load = (): Promise<LoadedToasts> => {
    loading ??= import('./toasts.tsx').then((m) => {
      const toasts = m.startToasts(options);
      if (stopped) toasts.toaster.stop();
      else {
        loaded = toasts;
        for (const listener of listeners) listener();
      }
      return toasts;
    });
    loading.catch(() => (loading = undefined));
    return loading;
  };

  return {
    /** Sends to the toaster, loading it first if need be. */
    send(event: ToasterEvent): void {
      if (loaded) loaded.toaster.send(event);
      else if (!stopped) load().then(({ toaster }) => !stopped && toaster.send(event), () => {});
    },
    /** The toaster and the view that draws it, once they are here. */
    current: (): LoadedToasts | undefined => loaded,
    /** Hears when they are here (for useSyncExternalStore). */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop(): void {
      stopped = true;
      loaded?.toaster.stop();
    },
  };
}

export type ToastLoader = ReturnType<typeof createToastLoader>;

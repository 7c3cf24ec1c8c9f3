import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { selectVisibleToasts, toastView } from '../../machines/toast/toast.selectors.ts';
import { toasterMachine, type ToasterActor } from '../../machines/toast/toaster.machine.ts';
import { ToastStack, type ToastItem } from '../components/ui/toast-stack.tsx';
import { useSelector } from './use-selector.ts';

/**
 * The toasts, as one piece loaded with the first notice (toast-loader.ts): the one toast queue
 * of the app (the toaster machine) and the view that draws it.
 */
export function startToasts(options: { inspect?: Observer<InspectionEvent> | ((e: InspectionEvent) => void); onError?: (error: unknown) => void }) {
  const toaster = createActor(toasterMachine, { input: {}, inspect: options.inspect, systemId: 'toaster' });
  if (options.onError) toaster.subscribe({ error: options.onError });
  toaster.start();
  return { toaster, View: ToastHost };
}

export type LoadedToasts = ReturnType<typeof startToasts>;

/** Renders the toaster's visible toasts; every click and hover goes back to the machine. */
function ToastHost({ toaster }: { toaster: ToasterActor }) {
  const visible = useSelector(toaster, selectVisibleToasts);

  // One store over all visible toast actors, so the stack re-renders when any of them changes.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subs = visible.map((t) => t.ref.subscribe(onChange));
      return () => subs.forEach((s) => s.unsubscribe());
    },
    [visible],
  );
  // A string snapshot keeps useSyncExternalStore stable between changes.
  const read = () => JSON.stringify(visible.map((t) => toastView(t.ref.getSnapshot())));
  const json = useSyncExternalStore(subscribe, read, read);
  const toasts = useMemo(() => JSON.parse(json) as ToastItem[], [json]);

  return (
    <ToastStack
      toasts={toasts}
      onClose={(id) => toaster.send({ type: 'toast.close', id })}
      onPause={(id) => toaster.send({ type: 'toast.pause', id })}
      onResume={(id) => toaster.send({ type: 'toast.resume', id })}
      onConfirm={(id) => toaster.send({ type: 'toast.confirm', id })}
      onCancel={(id) => toaster.send({ type: 'toast.cancel', id })}
      onPromptChange={(id, value) => toaster.send({ type: 'toast.input', id, value })}
    />
  );
}

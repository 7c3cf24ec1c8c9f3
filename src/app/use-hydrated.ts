import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server draws and while React takes the server's drawing over, true from the
 * render after (and at once in a page the browser draws itself). For what must wait for the app:
 * a form the server drew can be typed into at once, but sent only once its handlers are here.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

import { selectPageKind, selectPathname } from '../../machines/navigation.machine.ts';
import { selectScreenPhase } from '../../machines/screen.machine.ts';
import type { AppSystem } from './system.ts';

/**
 * The system has done what a page load does on its own: the session is checked (or there is
 * none), the page is decided and its code is here, and no call is on its way (a list's first
 * page, its settings, the bell). The server draws a page at this point, and the browser takes
 * the drawing over (hydrates) at the same point, so both draw the same thing.
 */
export function isSettled(system: AppSystem): boolean {
  const auth = system.auth.getSnapshot();
  if (auth.matches('booting') || auth.matches('checking') || auth.matches('loggingIn') || auth.matches('loggingOut')) return false;
  const nav = system.navigation.getSnapshot();
  const kind = selectPageKind(nav);
  if (kind === 'waiting') return false;
  // Not found and not allowed are drawn in the shell too: its code must be here.
  if (selectScreenPhase(selectPathname(nav))(system.screen.getSnapshot()) === 'loading') return false;
  return !system.api.busy();
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Waits until the system is settled; false if it is not within `timeoutMs`. */
export async function settled(system: AppSystem, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    await system.api.idle();
    // What an answer sets off (the next state, another call) happens before the next task.
    await tick();
    if (isSettled(system)) return true;
    // Code still loading (nothing on the network for the API): look again shortly.
    if (!system.api.busy()) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

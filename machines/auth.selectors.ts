import type { SnapshotFrom } from 'xstate';
import { visibleMenu, type MenuEntry } from '../domain/menu.ts';
import { permissionsOf } from '../domain/permissions.ts';
import type { authMachine } from './auth.machine.ts';

/**
 * Selectors of the auth machine that only the shell reads, apart from the machine so that the
 * sign-in page does not load the menu table. (The machine's other selectors stay beside it.)
 */
type AuthSnapshot = SnapshotFrom<typeof authMachine>;

const menus = new Map<string, MenuEntry[]>();
/**
 * The side menu this person may see (SPEC §6), the same array while the rights are the same:
 * GET /me confirming a stored session brings a new user object but, mostly, the same rights,
 * and then the drawer is not drawn again.
 */
export const selectMenu = (s: AuthSnapshot): MenuEntry[] => {
  const held = permissionsOf(s.context.user?.roles);
  const key = [...held].sort().join();
  let menu = menus.get(key);
  if (!menu) {
    menu = visibleMenu((p) => held.has(p));
    menus.set(key, menu);
  }
  return menu;
};

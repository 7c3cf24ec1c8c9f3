import type { SnapshotFrom } from 'xstate';
import { visibleMenu, type MenuEntry } from '../domain/menu.ts';
import { permissionsOf } from '../domain/permissions.ts';
import type { authMachine } from './auth.machine.ts';

/**
 * Selectors of the auth machine that only the shell reads, apart from the machine so that the
 * sign-in page does not load the menu table. (The machine's other selectors stay beside it.)
 */
type AuthSnapshot = SnapshotFrom<typeof authMachine>;

const menus = new WeakMap<object, MenuEntry[]>();
const NOBODY = {};
/** The side menu this person may see (SPEC §6), the same array while the user is the same. */
export const selectMenu = (s: AuthSnapshot): MenuEntry[] => {
  const key = s.context.user ?? NOBODY;
  let menu = menus.get(key);
  if (!menu) {
    const held = permissionsOf(s.context.user?.roles);
    menu = visibleMenu((p) => held.has(p));
    menus.set(key, menu);
  }
  return menu;
};

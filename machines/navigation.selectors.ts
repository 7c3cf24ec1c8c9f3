import type { SnapshotFrom } from 'xstate';
import { currentMenuHref } from '../domain/menu.ts';
import type { navigationMachine } from './navigation.machine.ts';

/**
 * Selectors of the navigation machine that only the shell reads, apart from the machine so that
 * the sign-in page does not load the menu table (as machines/auth.selectors.ts does for auth).
 */
type NavSnapshot = SnapshotFrom<typeof navigationMachine>;

/** The menu link marked current: the page's own, or its section's on create and edit pages. */
export const selectMenuHref = (s: NavSnapshot) => currentMenuHref(s.context.match);

import { and, assign, setup, stateIn, type SnapshotFrom } from 'xstate';

export type Theme = 'light' | 'dark';

export interface UiPreferences {
  drawerOpen: boolean;
  mini: boolean;
  theme: Theme;
}

export interface UiInput {
  /** What was remembered from the last visit, if anything. */
  stored: Partial<UiPreferences> | null;
  /** The system colour scheme, used when nothing was remembered. */
  systemTheme: Theme;
  narrow: boolean;
  /** A phone-sized window (under 600 px): lists show each record as a card. */
  phone?: boolean;
}

export type UiEvent =
  | { type: 'drawer.toggle' }
  | { type: 'drawer.close' }
  | { type: 'drawer.mini.toggle' }
  | { type: 'theme.toggle' }
  | { type: 'viewport.narrow' }
  | { type: 'viewport.wide' }
  | { type: 'viewport.phone' }
  | { type: 'viewport.notPhone' }
  | { type: 'route.changed' };

export interface UiContext extends UiInput {
  /**
   * Whether the person wants the drawer beside the content on a wide screen. Only their own
   * toggles on a wide screen change it: a narrow screen closing the drawer, or the overlay
   * opened and closed on a phone, does not, so widening the window brings the drawer back.
   */
  wideDrawerOpen: boolean;
}

/**
 * Drawer (open/closed, full/mini), theme (light/dark) and the viewport (wide/narrow).
 * On a narrow screen the drawer is a temporary overlay: it starts closed, closes after
 * navigation, and widening the window shows the drawer again if the person had it open there.
 * Preferences are remembered by the injected `persist` action.
 */
export const uiMachine = setup({
  types: { context: {} as UiContext, input: {} as UiInput, events: {} as UiEvent },
  actions: {
    /** Remember a changed preference (provided by the app: localStorage). */
    persist: (_, _prefs: Partial<UiPreferences>) => {},
    /** Put the theme on the document (provided by the app). */
    applyTheme: (_, _params: { theme: Theme }) => {},
  },
  guards: {
    storedDrawerClosed: ({ context }) => context.stored?.drawerOpen === false,
    storedMini: ({ context }) => context.stored?.mini === true,
    startsDark: ({ context }) => (context.stored?.theme ?? context.systemTheme) === 'dark',
    startsNarrow: ({ context }) => context.narrow,
    startsPhone: ({ context }) => context.phone === true,
    isNarrow: stateIn('#ui.viewport.narrow'),
    prefersOpenWhenWide: ({ context }) => context.wideDrawerOpen,
  },
}).createMachine({
  id: 'ui',
  context: ({ input }) => ({ ...input, wideDrawerOpen: input.stored?.drawerOpen !== false }),
  type: 'parallel',
  states: {
    viewport: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'startsNarrow', target: 'narrow' }, { target: 'wide' }] },
        wide: { description: 'Drawer sits beside the content.', on: { 'viewport.narrow': 'narrow' } },
        narrow: { description: 'Drawer floats over the content.', on: { 'viewport.wide': 'wide' } },
      },
    },
    drawer: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'startsNarrow', target: 'closed' },
            { guard: 'storedDrawerClosed', target: 'closed' },
            { target: 'open' },
          ],
        },
        open: {
          description: 'The side menu is shown.',
          on: {
            'drawer.toggle': [
              // The overlay on a narrow screen is temporary: closing it is no preference.
              { guard: 'isNarrow', target: 'closed' },
              { target: 'closed', actions: [assign({ wideDrawerOpen: false }), { type: 'persist', params: { drawerOpen: false } }] },
            ],
            'drawer.close': 'closed',
            'viewport.narrow': 'closed',
            'route.changed': { guard: 'isNarrow', target: 'closed' },
          },
        },
        closed: {
          description: 'The side menu is hidden.',
          on: {
            'drawer.toggle': [
              { guard: 'isNarrow', target: 'open' },
              { target: 'open', actions: [assign({ wideDrawerOpen: true }), { type: 'persist', params: { drawerOpen: true } }] },
            ],
            // Back to a wide screen: the drawer the narrow screen hid comes back.
            'viewport.wide': { guard: and(['isNarrow', 'prefersOpenWhenWide']), target: 'open' },
          },
        },
      },
    },
    rail: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'storedMini', target: 'mini' }, { target: 'full' }] },
        full: {
          description: 'Drawer 260 px wide.',
          on: { 'drawer.mini.toggle': { target: 'mini', actions: { type: 'persist', params: { mini: true } } } },
        },
        mini: {
          description: 'Drawer 56 px wide: icons only.',
          on: { 'drawer.mini.toggle': { target: 'full', actions: { type: 'persist', params: { mini: false } } } },
        },
      },
    },
    theme: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'startsDark', target: 'dark' }, { target: 'light' }] },
        light: {
          entry: { type: 'applyTheme', params: { theme: 'light' } },
          on: { 'theme.toggle': { target: 'dark', actions: { type: 'persist', params: { theme: 'dark' } } } },
        },
        dark: {
          entry: { type: 'applyTheme', params: { theme: 'dark' } },
          on: { 'theme.toggle': { target: 'light', actions: { type: 'persist', params: { theme: 'light' } } } },
        },
      },
    },
    lists: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'startsPhone', target: 'cards' }, { target: 'table' }] },
        table: { description: 'Lists are tables.', on: { 'viewport.phone': 'cards' } },
        cards: {
          description: 'A phone: each record of a list is a card (title, key fields, status, actions), so nothing scrolls sideways.',
          on: { 'viewport.notPhone': 'table' },
        },
      },
    },
  },
});

type UiSnapshot = SnapshotFrom<typeof uiMachine>;
export const selectTheme = (s: UiSnapshot): Theme => (s.matches({ theme: 'dark' }) ? 'dark' : 'light');
export const selectDrawerOpen = (s: UiSnapshot) => s.matches({ drawer: 'open' });
export const selectMini = (s: UiSnapshot) => s.matches({ rail: 'mini' });
export const selectNarrow = (s: UiSnapshot) => s.matches({ viewport: 'narrow' });
/** Lists show cards instead of a table (a phone-sized window). */
export const selectListCards = (s: UiSnapshot) => s.matches({ lists: 'cards' });

import { and, assign, not, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Permission } from '../domain/permissions.ts';
import { ADMIN_BASE, DASHBOARD_PATH, LOGIN_PATH, matchRoute, type RouteMatch } from '../domain/routes.ts';

export const FORBIDDEN_MESSAGE = 'You do not have permission to access this page.';

export type AuthStatus = 'unknown' | 'guest' | 'user';

export interface NavContext {
  pathname: string;
  search: string;
  match: RouteMatch | null;
  status: AuthStatus;
  permissions: Permission[];
  /** A screen with unsaved changes asked that leaving it be confirmed first. */
  blocked: boolean;
  /** Where the person wanted to go while the leave prompt is open. */
  pendingTo: string | null;
}

export type NavEvent =
  /** A link was followed or code asked to go somewhere. */
  | { type: 'nav.go'; to: string; replace?: boolean }
  /** The browser moved (back/forward): the address bar already shows `to`. */
  | { type: 'nav.popped'; to: string }
  /** An API call answered 403. */
  | { type: 'nav.forbidden' }
  | { type: 'auth.changed'; status: 'guest' | 'user'; permissions: Permission[] }
  /** A form became dirty (true) or clean/saved (false). */
  | { type: 'nav.block'; blocked: boolean }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };

function split(to: string): { pathname: string; search: string } {
  const q = to.indexOf('?');
  const raw = q < 0 ? to : to.slice(0, q);
  const pathname = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
  return { pathname: pathname || '/', search: q < 0 ? '' : to.slice(q) };
}

const urlOf = (c: Pick<NavContext, 'pathname' | 'search'>) => c.pathname + c.search;

/**
 * Where the user is. Every guard and redirect of SPEC §2 and §6 is a transition here, decided
 * against the one route table (domain/routes.ts): /admin → login, login is for guests, every
 * other page needs sign-in and its permission, unknown paths get a not-found page.
 * Reading and writing the address bar, the page title and the toasts are injected.
 */
export const navigationMachine = setup({
  types: {
    context: {} as NavContext,
    input: {} as { url: string },
    events: {} as NavEvent,
  },
  guards: {
    isAdminRoot: ({ context }) => context.pathname === ADMIN_BASE || context.pathname === '/',
    isPosShortcut: ({ context }) => context.pathname === '/pos',
    isOutsideApp: ({ context }) => !context.pathname.startsWith(`${ADMIN_BASE}/`),
    isUnknownRoute: ({ context }) => context.match === null,
    isGuestOnlyForUser: ({ context }) => context.match?.route.access === 'guest' && context.status === 'user',
    needsSignIn: ({ context }) => context.match?.route.access === 'auth' && context.status !== 'user',
    lacksPermission: ({ context }) => {
      const p = context.match?.route.permission;
      return !!p && !context.permissions.includes(p);
    },
    isDashboard: ({ context }) => context.pathname === DASHBOARD_PATH,
    isBlocked: ({ context }) => context.blocked,
    isUnblocking: ({ event }) => event.type === 'nav.block' && !event.blocked,
    isSameLocation: ({ context, event }) =>
      (event.type === 'nav.go' || event.type === 'nav.popped') && urlOf(split(event.to)) === urlOf(context),
  },
  actions: {
    /** Write the address bar (provided: history.pushState / replaceState). */
    writeUrl: (_, _p: { url: string; replace: boolean }) => {},
    /** Leave the single-page app for a server page (provided: location.assign). */
    leaveApp: (_, _p: { url: string }) => {},
    /** Show a toast (provided: sends to the toaster). */
    notify: (_, _p: { toastType: 'warning'; body: string }) => {},
    /** Tell others the page changed (provided: document.title, the ui machine). */
    announcePage: (_, _p: { title: string }) => {},
    take: assign(({ event }) => (event.type === 'nav.go' || event.type === 'nav.popped' ? split(event.to) : {})),
    takeAuth: assign(({ event }) =>
      event.type === 'auth.changed' ? { status: event.status, permissions: event.permissions } : {},
    ),
    rematch: assign({ match: ({ context }) => matchRoute(context.pathname) }),
    unblock: assign({ blocked: false, pendingTo: null }),
  },
}).createMachine({
  id: 'navigation',
  context: ({ input }) => ({
    ...split(input.url),
    match: matchRoute(split(input.url).pathname),
    status: 'unknown',
    permissions: [],
    blocked: false,
    pendingTo: null,
  }),
  initial: 'waitingForAuth',
  on: {
    'nav.go': [
      { guard: 'isSameLocation' },
      {
        target: '.resolving',
        actions: [
          'take',
          'rematch',
          { type: 'writeUrl', params: ({ context, event }) => ({ url: urlOf(context), replace: !!event.replace }) },
        ],
      },
    ],
    'nav.popped': { target: '.resolving', actions: ['take', 'rematch'] },
    'auth.changed': { target: '.resolving', actions: ['takeAuth', 'unblock'] },
    'nav.forbidden': [
      { guard: 'isDashboard', actions: { type: 'notify', params: { toastType: 'warning', body: FORBIDDEN_MESSAGE } } },
      {
        target: '.redirecting',
        actions: [
          { type: 'notify', params: { toastType: 'warning', body: FORBIDDEN_MESSAGE } },
          assign({ pathname: DASHBOARD_PATH, search: '' }),
          'unblock',
        ],
      },
    ],
  },
  states: {
    waitingForAuth: {
      description: 'The stored session is being checked; nothing is decided yet.',
      tags: ['busy'],
      on: {
        'nav.go': { actions: ['take', 'rematch', { type: 'writeUrl', params: ({ context, event }) => ({ url: urlOf(context), replace: !!event.replace }) }] },
        'nav.popped': { actions: ['take', 'rematch'] },
        'nav.forbidden': {},
      },
    },
    resolving: {
      description: 'Deciding what the current address may show.',
      always: [
        { guard: 'isPosShortcut', target: 'redirecting', actions: assign({ pathname: `${ADMIN_BASE}/pos`, search: '' }) },
        { guard: 'isAdminRoot', target: 'redirecting', actions: assign({ pathname: LOGIN_PATH, search: '' }) },
        { guard: 'isOutsideApp', target: 'left', actions: { type: 'leaveApp', params: ({ context }) => ({ url: urlOf(context) }) } },
        { guard: 'isUnknownRoute', target: 'notFound' },
        { guard: 'isGuestOnlyForUser', target: 'redirecting', actions: assign({ pathname: DASHBOARD_PATH, search: '' }) },
        { guard: 'needsSignIn', target: 'redirecting', actions: assign({ pathname: LOGIN_PATH, search: '' }) },
        { guard: and(['isDashboard', 'lacksPermission']), target: 'forbidden' },
        {
          guard: 'lacksPermission',
          target: 'redirecting',
          actions: [
            { type: 'notify', params: { toastType: 'warning', body: FORBIDDEN_MESSAGE } },
            assign({ pathname: DASHBOARD_PATH, search: '' }),
          ],
        },
        { target: 'showing' },
      ],
    },
    redirecting: {
      description: 'Replacing the address with where the guards sent us, then deciding again.',
      entry: [
        'rematch',
        { type: 'writeUrl', params: ({ context }) => ({ url: urlOf(context), replace: true }) },
      ],
      always: 'resolving',
    },
    showing: {
      description: 'The page of the matched route is shown.',
      entry: { type: 'announcePage', params: ({ context }) => ({ title: context.match?.route.title ?? '' }) },
      // Only a shown page can have unsaved changes, so only it hears nav.block. The prompt opens
      // from here, not from the root, so opening it does not re-enter (re-announce) the page.
      on: {
        'nav.block': { actions: assign({ blocked: ({ event }) => event.blocked }) },
        'nav.go': {
          guard: and(['isBlocked', not('isSameLocation')]),
          target: '.confirmingLeave',
          actions: assign({ pendingTo: ({ event }) => event.to }),
        },
        'nav.popped': {
          // Back/forward already moved the address bar: put it back until the person decides.
          guard: 'isBlocked',
          target: '.confirmingLeave',
          actions: [
            assign({ pendingTo: ({ event }) => event.to }),
            { type: 'writeUrl', params: ({ context }) => ({ url: urlOf(context), replace: false }) },
          ],
        },
      },
      initial: 'idle',
      states: {
        idle: { description: 'Nothing is asked.' },
        confirmingLeave: {
          description: 'The page has unsaved changes: "Leave this page?" is open.',
          on: {
            'leave.confirm': {
              target: '#navigation.resolving',
              actions: [
                assign(({ context }) => ({ ...split(context.pendingTo ?? urlOf(context)), blocked: false, pendingTo: null })),
                'rematch',
                { type: 'writeUrl', params: ({ context }) => ({ url: urlOf(context), replace: false }) },
              ],
            },
            // Saved meanwhile: nothing would be lost any more, so go where the person asked to.
            'nav.block': { guard: 'isUnblocking', actions: raise({ type: 'leave.confirm' }) },
            'leave.cancel': { target: 'idle', actions: assign({ pendingTo: null }) },
          },
        },
      },
    },
    forbidden: {
      description: 'Signed in but without the permission, and the dashboard is not allowed either.',
      entry: { type: 'announcePage', params: { title: 'Not allowed' } },
    },
    notFound: {
      description: 'No route has this address.',
      entry: { type: 'announcePage', params: { title: 'Page not found' } },
    },
    left: { description: 'Handed over to a server page outside the app.' },
  },
});

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;
type NavSnapshot = SnapshotFrom<typeof navigationMachine>;
export const selectMatch = (s: NavSnapshot) => s.context.match;
export const selectPathname = (s: NavSnapshot) => s.context.pathname;
export const selectUrl = (s: NavSnapshot) => urlOf(s.context);

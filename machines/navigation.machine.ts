import { and, assign, emit, not, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { breadcrumbs, pageTitle, type PageNames } from '../domain/page.ts';
import type { Permission } from '../domain/permissions.ts';
import type { Row } from '../domain/resource.ts';
import { ADMIN_BASE, DASHBOARD_PATH, LOGIN_PATH, POS_SHORTCUT, adminHref } from '../domain/paths.ts';
import { matchRoute, mayOpen, type Layout, type RouteMatch } from '../domain/routes.ts';
import type { Notice } from './toast/toast.constants.ts';

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
  /** The person asked to log out while the leave prompt is open. */
  pendingLogout: boolean;
  /**
   * Names of the records pages are about, by the page's address (an edit page's record, a
   * child list's parent), so titles and breadcrumbs name them. Forgotten on sign-out.
   */
  names: PageNames;
  /**
   * The last query each page was shown with (pathname → `?page=2&search=acme`), so "back to
   * the list" returns to the same page and search. Forgotten on sign-out: the next person on
   * this browser never sees the previous one's searches.
   */
  searches: Record<string, string>;
  /**
   * A record a form just created, for the page it went back to (its list highlights it), until
   * another page is shown.
   */
  handoff: { pathname: string; created: Row } | null;
}

export type NavEvent =
  /**
   * A link was followed or code asked to go somewhere. `resume`: an address without a query
   * gets the query that page was last shown with ("back to the list").
   */
  | { type: 'nav.go'; to: string; replace?: boolean; resume?: boolean }
  /**
   * The page is done (a form saved): nothing is left to lose, so go to `to` (resumed) — or,
   * when the person already asked to leave and the prompt is open, where they asked to go.
   */
  | { type: 'nav.done'; to: string; created?: Row }
  /** The browser moved (back/forward): the address bar already shows `to`. */
  | { type: 'nav.popped'; to: string }
  /** An API call answered 403. */
  | { type: 'nav.forbidden' }
  | { type: 'auth.changed'; status: 'guest' | 'user'; permissions: Permission[] }
  /**
   * A stored session is being checked (GET /me is on its way) and holds these permissions: the
   * page it would show can be made ready now (its code, a list's first page), not after /me.
   */
  | { type: 'auth.checking'; permissions: Permission[] }
  /** A link is hovered or focused: its page's code may be fetched before it is followed. */
  | { type: 'nav.warm'; to: string }
  /** A form became dirty (true) or clean/saved (false). */
  | { type: 'nav.block'; blocked: boolean }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  /** The person chose Logout: with unsaved changes it asks first, like a link. */
  | { type: 'nav.logout' }
  /** A page's record is loaded: `path`'s page is about `name` ("Aiden Hall"). */
  | { type: 'page.named'; path: string; name: string };

function split(to: string): { pathname: string; search: string } {
  const q = to.indexOf('?');
  const raw = q < 0 ? to : to.slice(0, q);
  const pathname = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
  return { pathname: pathname || '/', search: q < 0 ? '' : to.slice(q) };
}

const urlOf = (c: Pick<NavContext, 'pathname' | 'search'>) => c.pathname + c.search;

/** `to` with the query its page was last shown with, when it has none of its own. */
const resumed = (c: Pick<NavContext, 'searches'>, to: string) => (to.includes('?') ? to : to + (c.searches[split(to).pathname] ?? ''));

/** A page: its address, and the screen and layout that draw it. */
export interface NavPage {
  pathname: string;
  search: string;
  /** The route's screen key, or `notFound`/`forbidden` for those pages. */
  screen: string;
  layout: Layout;
  params: Record<string, string>;
}

/**
 * What the navigation machine tells whoever listens: the page now shown (the screen machine
 * gets it ready, the list that follows the address bar hears its query), the page a stored
 * session is expected to show (made ready while GET /me is on its way).
 */
export type NavEmitted = ({ type: 'nav.shown' } & NavPage) | ({ type: 'nav.expected' } & NavPage);

const pageOf = (c: Pick<NavContext, 'pathname' | 'search' | 'match'>): NavPage => ({
  pathname: c.pathname,
  search: c.search,
  screen: c.match?.route.screen ?? 'notFound',
  layout: c.match?.route.layout ?? 'content',
  params: c.match?.params ?? {},
});

/** The shown page's title, naming its record once known ("Edit customer Aiden Hall"). */
const titleOf = (c: Pick<NavContext, 'match' | 'pathname' | 'names'>) => pageTitle(c.match, c.pathname, c.names);

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
    emitted: {} as NavEmitted,
  },
  guards: {
    isAdminRoot: ({ context }) => context.pathname === ADMIN_BASE || context.pathname === '/',
    isPosShortcut: ({ context }) => context.pathname === POS_SHORTCUT,
    isOutsideApp: ({ context }) => !context.pathname.startsWith(`${ADMIN_BASE}/`),
    isUnknownRoute: ({ context }) => context.match === null,
    isGuestOnlyForUser: ({ context }) => context.match?.route.access === 'guest' && context.status === 'user',
    needsSignIn: ({ context }) => context.match?.route.access === 'auth' && context.status !== 'user',
    lacksPermission: ({ context }) => {
      const route = context.match?.route;
      return !!route && !mayOpen(route, context.permissions);
    },
    isDashboard: ({ context }) => context.pathname === DASHBOARD_PATH,
    /** The stored session may see the page at the address (so it is worth getting ready early). */
    isAllowedToStored: ({ context, event }) => {
      if (event.type !== 'auth.checking' || context.match?.route.access !== 'auth') return false;
      return mayOpen(context.match.route, event.permissions);
    },
    isPage: ({ event }) => event.type === 'nav.warm' && matchRoute(split(event.to).pathname) !== null,
    isBlocked: ({ context }) => context.blocked,
    isLogoutPending: ({ context }) => context.pendingLogout,
    isUnblocking: ({ event }) => event.type === 'nav.block' && !event.blocked,
    isSameLocation: ({ context, event }) => {
      if (event.type === 'nav.go') return urlOf(split(event.resume ? resumed(context, event.to) : event.to)) === urlOf(context);
      return event.type === 'nav.popped' && urlOf(split(event.to)) === urlOf(context);
    },
  },
  actions: {
    /** Write the address bar (provided: history.pushState / replaceState). */
    writeUrl: (_, _p: { url: string; replace: boolean }) => {},
    /** Leave the single-page app for a server page (provided: location.assign). */
    leaveApp: (_, _p: { url: string }) => {},
    /** Show a toast (provided: sends to the toaster). */
    notify: (_, _notice: Notice) => {},
    /** Tell others the page changed (provided: document.title, the ui machine). */
    announcePage: (_, _p: { title: string }) => {},
    /** Fetch a page's code ahead of a click (provided: the screen loader; nothing is shown). */
    warmScreen: (_, _p: { screen: string; layout: Layout }) => {},
    /** The shown page's title now names its record (provided: document.title). */
    retitle: (_, _p: { title: string }) => {},
    /** End the session (provided: the auth machine's logout). */
    signOut: () => {},
    take: assign(({ context, event }) => {
      if (event.type === 'nav.go') return split(event.resume ? resumed(context, event.to) : event.to);
      if (event.type === 'nav.popped') return split(event.to);
      return {};
    }),
    takeAuth: assign(({ context, event }) =>
      event.type === 'auth.changed'
        ? {
            status: event.status,
            permissions: event.permissions,
            searches: event.status === 'guest' ? {} : context.searches,
            names: event.status === 'guest' ? {} : context.names,
          }
        : {},
    ),
    rememberName: assign({
      names: ({ context, event }) =>
        event.type === 'page.named' && event.name.trim() ? { ...context.names, [split(event.path).pathname]: event.name.trim() } : context.names,
    }),
    /** Remember the query this page is shown with; tell listeners where we are. */
    remember: assign({
      searches: ({ context }) => {
        const { [context.pathname]: _old, ...rest } = context.searches;
        return context.search ? { ...rest, [context.pathname]: context.search } : rest;
      },
      handoff: ({ context }) => (context.handoff?.pathname === context.pathname ? context.handoff : null),
    }),
    tellShown: emit(({ context }) => ({ type: 'nav.shown' as const, ...pageOf(context) })),
    tellExpected: emit(({ context }) => ({ type: 'nav.expected' as const, ...pageOf(context) })),
    rematch: assign({ match: ({ context }) => matchRoute(context.pathname) }),
    unblock: assign({ blocked: false, pendingTo: null, pendingLogout: false }),
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
    pendingLogout: false,
    searches: {},
    handoff: null,
    names: {},
  }),
  initial: 'waitingForAuth',
  on: {
    'nav.warm': {
      guard: 'isPage',
      actions: {
        type: 'warmScreen',
        params: ({ event }) => {
          const route = matchRoute(split((event as { to: string }).to).pathname)!.route;
          return { screen: route.screen, layout: route.layout };
        },
      },
    },
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
    // Nothing to lose outside a shown page (and a shown one without unsaved changes): sign out.
    'nav.logout': { actions: 'signOut' },
    'page.named': { actions: 'rememberName' },
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
        'auth.checking': { guard: 'isAllowedToStored', actions: 'tellExpected' },
      },
    },
    resolving: {
      description: 'Deciding what the current address may show.',
      always: [
        { guard: 'isPosShortcut', target: 'redirecting', actions: assign({ pathname: adminHref(POS_SHORTCUT), search: '' }) },
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
      entry: [{ type: 'announcePage', params: ({ context }) => ({ title: titleOf(context) }) }, 'remember', 'tellShown'],
      // Only a shown page can have unsaved changes, so only it hears nav.block. The prompt opens
      // from here, not from the root, so opening it does not re-enter (re-announce) the page.
      on: {
        'nav.block': { actions: assign({ blocked: ({ event }) => event.blocked }) },
        'nav.go': {
          guard: and(['isBlocked', not('isSameLocation')]),
          target: '.confirmingLeave',
          actions: assign({ pendingTo: ({ context, event }) => (event.resume ? resumed(context, event.to) : event.to), pendingLogout: false }),
        },
        'nav.popped': {
          // Back/forward already moved the address bar: put it back until the person decides.
          guard: 'isBlocked',
          target: '.confirmingLeave',
          actions: [
            assign({ pendingTo: ({ event }) => event.to, pendingLogout: false }),
            { type: 'writeUrl', params: ({ context }) => ({ url: urlOf(context), replace: false }) },
          ],
        },
        'nav.logout': { guard: 'isBlocked', target: '.confirmingLeave', actions: assign({ pendingTo: null, pendingLogout: true }) },
        'page.named': { actions: ['rememberName', { type: 'retitle', params: ({ context }) => ({ title: titleOf(context) }) }] },
      },
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is asked.',
          on: {
            'nav.done': {
              actions: [
                'unblock',
                assign({ handoff: ({ event }) => (event.created ? { pathname: split(event.to).pathname, created: event.created } : null) }),
                raise(({ event }) => ({ type: 'nav.go' as const, to: event.to, resume: true })),
              ],
            },
          },
        },
        confirmingLeave: {
          description: 'The page has unsaved changes: "Leave this page?" is open (for a link, the back button or Logout).',
          on: {
            'leave.confirm': [
              // Logging out: the session ends, and signing out takes the person to the login page.
              { guard: 'isLogoutPending', target: 'idle', actions: ['unblock', 'signOut'] },
              {
                target: '#navigation.resolving',
                actions: [
                  assign(({ context }) => ({ ...split(context.pendingTo ?? urlOf(context)), blocked: false, pendingTo: null })),
                  'rematch',
                  { type: 'writeUrl', params: ({ context }) => ({ url: urlOf(context), replace: false }) },
                ],
              },
            ],
            // Saved meanwhile: nothing would be lost any more, so go where the person asked to
            // (not where the page meant to go next: the person's choice wins).
            'nav.block': { guard: 'isUnblocking', actions: raise({ type: 'leave.confirm' }) },
            'nav.done': { actions: raise({ type: 'leave.confirm' }) },
            'leave.cancel': { target: 'idle', actions: assign({ pendingTo: null, pendingLogout: false }) },
          },
        },
      },
    },
    forbidden: {
      description: 'Signed in but without the permission, and the dashboard is not allowed either.',
      entry: [
        { type: 'announcePage', params: { title: 'Not allowed' } },
        emit(({ context }) => ({ type: 'nav.shown' as const, ...pageOf(context), screen: 'forbidden', layout: 'content' as const })),
      ],
    },
    notFound: {
      description: 'No route has this address.',
      entry: [
        { type: 'announcePage', params: { title: 'Page not found' } },
        // Signed in, it is drawn in the shell; signed out, on a blank page.
        emit(({ context }) => ({ type: 'nav.shown' as const, ...pageOf(context), layout: context.status === 'user' ? ('content' as const) : ('blank' as const) })),
      ],
    },
    left: { description: 'Handed over to a server page outside the app.' },
  },
});

export type NavigationActor = ActorRefFrom<typeof navigationMachine>;
type NavSnapshot = SnapshotFrom<typeof navigationMachine>;
export const selectMatch = (s: NavSnapshot) => s.context.match;
export const selectPathname = (s: NavSnapshot) => s.context.pathname;
export const selectSearch = (s: NavSnapshot) => s.context.search;
/** The query without its `?`, as wouter's search hook gives it. */
export const selectSearchParams = (s: NavSnapshot) => s.context.search.replace(/^\?/, '');
export const selectUrl = (s: NavSnapshot) => urlOf(s.context);
/** The record a form just created, when the page shown is the one it went back to. */
export const selectHandoff = (pathname: string) => (s: NavSnapshot) => (s.context.handoff?.pathname === pathname ? s.context.handoff.created : null);
/** The address `to` resumes at: its page's last query ("back to the list" links). */
export const selectResumed = (to: string) => (s: NavSnapshot) => resumed(s.context, to);
export const selectLeavePrompt = (s: NavSnapshot) => s.matches({ showing: 'confirmingLeave' });
/** What "Leave this page?" is about: following a link (or back) or logging out. */
export const selectLeaveReason = (s: NavSnapshot): 'page' | 'logout' => (s.context.pendingLogout ? 'logout' : 'page');
/** The page's h1 and document title: the route's, naming the record once it is loaded. */
export const selectPageTitle = (s: NavSnapshot) => titleOf(s.context);
/** The trail above a nested page's title; lists resume the page and search they were left on. */
export const selectBreadcrumbs = (s: NavSnapshot) => breadcrumbs(s.context.match, s.context.pathname, s.context.names, (to) => resumed(s.context, to));
/** What the page shows: a route's screen, not found, not allowed, or nothing yet (deciding, redirecting). */
export const selectPageKind = (s: NavSnapshot): 'showing' | 'notFound' | 'forbidden' | 'waiting' =>
  s.matches('showing') ? 'showing' : s.matches('notFound') ? 'notFound' : s.matches('forbidden') ? 'forbidden' : 'waiting';

import { createActor, fromPromise, type ActorRefFrom, type AnyActorRef, type InspectionEvent, type Observer } from 'xstate';
import { STORAGE_KEYS } from '../../domain/auth.ts';
import { alertMachine } from '../../machines/alert.machine.ts';
import { authMachine } from '../../machines/auth.machine.ts';
import { navigationMachine, type NavPage } from '../../machines/navigation.machine.ts';
import { screenMachine, type ShownScreen } from '../../machines/screen.machine.ts';
import type { SessionUser } from '../../domain/auth.ts';
import { stockAlertsMachine, type StockAlerts } from '../../machines/stock/stock-alerts.machine.ts';
import { STOCK_ALERTS_API } from '../../domain/stock/api-paths.ts';
import type { Notice } from '../../machines/toast/toast.constants.ts';
import { uiMachine } from '../../machines/ui.machine.ts';
import { searchMachine } from '../../machines/search/search.machine.ts';
import { SEARCH_API, type SearchAnswer } from '../../domain/search.ts';
import { createApi, type Api } from './api.ts';
import { browserHost, type Host, type PageHints } from './host.ts';
import { createPageActors, type PageActors } from './page-actors.ts';
import type { ScreenLoader } from './screen-loader.ts';
import { createStorage, UI_KEY, type AppStorage } from './storage.ts';
import { matchRoute } from '../../domain/routes.ts';
import { createToastLoader, type ToastLoader } from './toast-loader.ts';

const APP_NAME = 'Back office';

/**
 * Creates the app-wide actors and provides their real side effects: storage, history, HTTP,
 * the document. Actors talk to each other only through the events wired here.
 */
export function createAppSystem(options: {
  inspect?: Observer<InspectionEvent> | ((e: InspectionEvent) => void);
  /** Gets pages' code and data ready (src/pages/screen-loader.ts); without it every page is ready at once. */
  screens?: ScreenLoader<AppSystem>;
  /** The browser (the default) or the server drawing a first page. */
  host?: Host;
  /** How HTTP goes out (the server sends the app's calls to itself); the global fetch by default. */
  fetch?: typeof fetch;
  /** The state a page was drawn in by the server: the system starts there instead of asking again. */
  drawn?: DrawnState | undefined;
  /** Hears an actor's failure instead of it being thrown from a timer (the server must not go down with a page). */
  onError?: (error: unknown) => void;
} = {}) {
  const { inspect, drawn } = options;
  const screens = options.screens;
  const host = options.host ?? browserHost();
  const storage = createStorage(host.storage);
  const narrow = host.media('narrow');
  const phone = host.media('phone');
  const dark = host.media('dark');
  const systemDark = dark.matches;

  const toasts = createToastLoader({ inspect, onError: options.onError });
  const alert = createActor(alertMachine, { inspect, systemId: 'alert' });
  const ui = createActor(
    uiMachine.provide({
      actions: {
        persist: (_, prefs) => {
          storage.savePreferences(prefs);
          hint();
        },
        applyTheme: (_, { theme }) => host.theme(theme),
      },
    }),
    {
      input: { stored: storage.loadPreferences(), systemTheme: systemDark ? 'dark' : 'light', narrow: narrow.matches, phone: phone.matches },
      inspect,
      systemId: 'ui',
    },
  );

  const notify = (notice: Notice) => toasts.send({ type: 'toast.show', ...notice });

  // The system is complete before any page is loaded (the loader gets it when it runs).
  let self: AppSystem | undefined;
  const pages = createPageActors(options.onError);
  const screen = createActor(
    screenMachine.provide({
      actors: { loadScreen: fromPromise(async ({ input }) => screens?.load(input, self!)) },
    }),
    { input: { shown: drawn?.screen ?? undefined }, inspect, systemId: 'screen' },
  );
  const showPage = ({ pathname, search, screen: key, layout, params }: NavPage) =>
    screen.send({ type: 'screen.show', pathname, search, screen: key, layout, params });

  const navigation = createActor(
    navigationMachine.provide({
      actions: {
        writeUrl: (_, { url, replace }) => host.writeUrl(url, replace),
        leaveApp: (_, { url }) => host.leave(url),
        notify: (_, t) => notify(t),
        announcePage: (_, { title }) => {
          host.title(title ? `${title} · ${APP_NAME}` : APP_NAME);
          ui.send({ type: 'route.changed' });
        },
        warmScreen: (_, page) => screens?.warm(page),
        retitle: (_, { title }) => {
          host.title(title ? `${title} · ${APP_NAME}` : APP_NAME);
        },
        signOut: () => signOut(),
      },
    }),
    { input: { url: host.url }, inspect, systemId: 'navigation' },
  );

  // The auth actor is created after the API and navigation, whose hooks must reach it.
  let sessionExpired = () => {};
  let signOut = () => {};
  const api = createApi({
    getToken: () => storage.token(),
    onUnauthorized: () => sessionExpired(),
    onForbidden: () => navigation.send({ type: 'nav.forbidden' }),
  }, { fetch: options.fetch });

  const stockAlerts = createActor(
    stockAlertsMachine.provide({ actors: { loadAlerts: fromPromise(() => api.call<StockAlerts>(STOCK_ALERTS_API)) } }),
    { input: { alerts: drawn?.alerts }, inspect, systemId: 'stockAlerts' },
  );

  const search = createActor(
    searchMachine.provide({
      actors: { runSearch: fromPromise(({ input }) => api.call<SearchAnswer>(`${SEARCH_API}?q=${encodeURIComponent(input.q)}`)) },
      actions: { visit: (_, { href }) => navigation.send({ type: 'nav.go', to: href }) },
    }),
    { input: {}, inspect, systemId: 'search' },
  );

  const auth = createActor(
    authMachine.provide({
      actors: {
        fetchMe: fromPromise(() => api.me()),
        login: fromPromise(({ input }) => api.login(input)),
        logout: fromPromise(() => api.logout()),
      },
      actions: {
        storeSession: (_, session) => storage.saveSession(session),
        clearStoredSession: () => storage.clearSession(),
        notify: (_, t) => notify(t),
        showAlert: (_, a) =>
          alert.send(a.kind === 'clear' ? { type: 'alert.clear' } : { type: a.kind === 'success' ? 'alert.success' : 'alert.danger', message: a.message ?? '' }),
        announce: (_, who) => {
          navigation.send({ type: 'auth.changed', ...who });
          stockAlerts.send({ type: 'alerts.session', permissions: who.permissions });
          search.send({ type: 'search.session', permissions: who.permissions });
        },
        announceChecking: (_, { permissions }) => navigation.send({ type: 'auth.checking', permissions }),
      },
    }),
    { input: startingSession(storage, drawn?.me, host.url), inspect, systemId: 'auth' },
  );
  sessionExpired = () => auth.send({ type: 'session.expired' });
  signOut = () => auth.send({ type: 'logout' });

  // The page shown, or the page a stored session is expected to show, is got ready: its code
  // and a list's first page start now, beside GET /me, instead of one after the other.
  navigation.on('nav.shown', showPage);
  navigation.on('nav.expected', showPage);

  function start() {
    if (options.onError) for (const actor of [alert, ui, screen, navigation, stockAlerts, search, auth] as AnyActorRef[]) actor.subscribe({ error: options.onError });
    alert.start();
    ui.start();
    screen.start();
    navigation.start();
    stockAlerts.start();
    search.start();
    auth.start();
    host.listen({
      // Closing the tab or reloading with unsaved changes: the browser asks (its own words).
      beforeUnload: () => navigation.getSnapshot().context.blocked,
      popped: (to) => navigation.send({ type: 'nav.popped', to }),
      // Signed out in another tab: end this one's session too.
      signedOutElsewhere: (key) => {
        if (key === STORAGE_KEYS.token) auth.send({ type: 'session.expired' });
      },
      online: () => auth.send({ type: 'network.online' }),
    });
    narrow.onChange((matches) => {
      ui.send({ type: matches ? 'viewport.narrow' : 'viewport.wide' });
      hint();
    });
    phone.onChange((matches) => {
      ui.send({ type: matches ? 'viewport.phone' : 'viewport.notPhone' });
      hint();
    });
    // The theme the app starts with follows the system's at the next load: tell the server.
    dark.onChange(hint);
    hint();
  }
  /** Ends every actor (the server, once it has drawn the page). */
  function stop() {
    pages.clear();
    for (const actor of [auth, search, stockAlerts, navigation, screen, ui, alert]) actor.stop();
    toasts.stop();
  }
  /** How this browser draws pages now: what the server needs to draw one the same way. */
  function hints(): PageHints {
    return { narrow: narrow.matches, phone: phone.matches, dark: dark.matches, locale: host.locale, ui: host.storage.getItem(UI_KEY) };
  }
  function hint() {
    host.hint(hints());
  }

  /** The person's locale for amounts, numbers and dates (the browser's language). */
  const locale = host.locale;

  /** What the page `page` (its screen key) keeps for whoever is signed in when it reads or writes. */
  function keptForOffline<T>(page: string): KeptForOffline<T> {
    const user = () => auth.getSnapshot().context.user?.id;
    return {
      load: () => {
        const id = user();
        return id === undefined ? null : (storage.kept(id, page) as T | null);
      },
      save: (value) => {
        const id = user();
        if (id !== undefined) storage.keep(id, page, value);
      },
    };
  }

  self = { toasts, alert, ui, navigation, auth, stockAlerts, search, screen, pages, screens, api, start, stop, notify, inspect, locale, host, hints, keptForOffline };
  return self;
}

/**
 * What a page the server drew was drawn with (src/entry-server.tsx): the session's GET /me, the
 * bell's alerts and the page with its loader's data. The browser's system starts from it.
 */
export interface DrawnState {
  /** Who the page was drawn for; null: signed out (the sign-in page). */
  me: SessionUser | null;
  screen: ShownScreen | null;
  alerts: StockAlerts | null;
}

/**
 * The stored session, marked checked when the page was drawn for it (its user as GET /me
 * answered), or marked `offline` when the page at `url` kept what it starts from for that person
 * (storage.ts `keep`: the till), so it may start without the network.
 */
function startingSession(storage: AppStorage, me: SessionUser | null | undefined, url: string) {
  const stored = storage.loadSession();
  if (stored && me) return { stored: { token: stored.token, user: me }, checked: true };
  const page = matchRoute(url.split('?')[0] ?? url)?.route.screen;
  return { stored, offline: !!stored && !!page && storage.kept(stored.user.id, page) !== null };
}

/** What a page keeps on this device for the signed-in person, to start from without the network (storage.ts `keep`). */
export interface KeptForOffline<T> {
  load(): T | null;
  /** null: nothing to start from any more (the till's register closed). */
  save(value: T | null): void;
}

export interface AppSystem {
  /** The toaster and its view, loaded with the first notice. */
  toasts: ToastLoader;
  alert: ActorRefFrom<typeof alertMachine>;
  ui: ActorRefFrom<typeof uiMachine>;
  navigation: ActorRefFrom<typeof navigationMachine>;
  auth: ActorRefFrom<typeof authMachine>;
  stockAlerts: ActorRefFrom<typeof stockAlertsMachine>;
  /** The top bar's search palette (Ctrl+K). */
  search: ActorRefFrom<typeof searchMachine>;
  screen: ActorRefFrom<typeof screenMachine>;
  /** The actor the shown page was prepared with (a list's), for its view to adopt. */
  pages: PageActors;
  screens: ScreenLoader<AppSystem> | undefined;
  api: Api;
  start(): void;
  stop(): void;
  /** Where the system runs (the browser, or the server drawing a page). */
  host: Host;
  /** How this browser draws pages now (the server's drawing must have used the same to be taken over). */
  hints(): PageHints;
  notify(notice: Notice): void;
  inspect: Observer<InspectionEvent> | ((e: InspectionEvent) => void) | undefined;
  /** The person's locale for amounts, numbers and dates (the browser's language). */
  locale: string | undefined;
  /** What the page `page` (a route's screen key) keeps on this device for the signed-in person, to start from without the network. */
  keptForOffline<T>(page: string): KeptForOffline<T>;
}

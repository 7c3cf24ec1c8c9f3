import { createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate';
import { STORAGE_KEYS } from '../../domain/auth.ts';
import { alertMachine } from '../../machines/alert.machine.ts';
import { authMachine } from '../../machines/auth.machine.ts';
import { stockAlertsMachine, type StockAlerts } from '../../machines/stock/stock-alerts.machine.ts';
import { STOCK_ALERTS_API } from '../../domain/stock/lists.ts';
import { navigationMachine } from '../../machines/navigation.machine.ts';
import type { Notice } from '../../machines/toast/toast.constants.ts';
import { toasterMachine } from '../../machines/toast/toaster.machine.ts';
import { uiMachine } from '../../machines/ui.machine.ts';
import { createApi } from './api.ts';
import { createStorage } from './storage.ts';

const NARROW_QUERY = '(max-width: 959.98px)';
/** Under SPEC's first breakpoint (600 px) lists show cards. */
const PHONE_QUERY = '(max-width: 599.98px)';
const APP_NAME = 'Back office';

/**
 * Creates the app-wide actors and provides their real side effects: storage, history, HTTP,
 * the document. Actors talk to each other only through the events wired here.
 */
export function createAppSystem(options: { inspect?: Observer<InspectionEvent> | ((e: InspectionEvent) => void) } = {}) {
  const { inspect } = options;
  const storage = createStorage();
  const narrow = window.matchMedia(NARROW_QUERY);
  const phone = window.matchMedia(PHONE_QUERY);
  const systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches;

  const toaster = createActor(toasterMachine, { input: {}, inspect, systemId: 'toaster' });
  const alert = createActor(alertMachine, { inspect, systemId: 'alert' });
  const ui = createActor(
    uiMachine.provide({
      actions: {
        persist: (_, prefs) => storage.savePreferences(prefs),
        applyTheme: (_, { theme }) => {
          document.documentElement.classList.toggle('dark', theme === 'dark');
          document.documentElement.classList.toggle('light', theme === 'light');
          document.documentElement.style.colorScheme = theme;
        },
      },
    }),
    {
      input: { stored: storage.loadPreferences(), systemTheme: systemDark ? 'dark' : 'light', narrow: narrow.matches, phone: phone.matches },
      inspect,
      systemId: 'ui',
    },
  );

  const notify = (notice: Notice) => toaster.send({ type: 'toast.show', ...notice });

  const navigation = createActor(
    navigationMachine.provide({
      actions: {
        writeUrl: (_, { url, replace }) => {
          if (`${location.pathname}${location.search}` === url) return;
          if (replace) history.replaceState(null, '', url);
          else history.pushState(null, '', url);
        },
        leaveApp: (_, { url }) => window.location.assign(url),
        notify: (_, t) => notify(t),
        announcePage: (_, { title }) => {
          document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
          ui.send({ type: 'route.changed' });
        },
        retitle: (_, { title }) => {
          document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
        },
        signOut: () => signOut(),
      },
    }),
    { input: { url: `${location.pathname}${location.search}` }, inspect, systemId: 'navigation' },
  );

  // The auth actor is created after the API and navigation, whose hooks must reach it.
  let sessionExpired = () => {};
  let signOut = () => {};
  const api = createApi({
    getToken: () => storage.token(),
    onUnauthorized: () => sessionExpired(),
    onForbidden: () => navigation.send({ type: 'nav.forbidden' }),
  });

  const stockAlerts = createActor(
    stockAlertsMachine.provide({ actors: { loadAlerts: fromPromise(() => api.call<StockAlerts>(STOCK_ALERTS_API)) } }),
    { inspect, systemId: 'stockAlerts' },
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
        },
      },
    }),
    { input: { stored: storage.loadSession() }, inspect, systemId: 'auth' },
  );
  sessionExpired = () => auth.send({ type: 'session.expired' });
  signOut = () => auth.send({ type: 'logout' });

  function start() {
    toaster.start();
    alert.start();
    ui.start();
    navigation.start();
    stockAlerts.start();
    auth.start();
    // Closing the tab or reloading with unsaved changes: the browser asks (its own words).
    window.addEventListener('beforeunload', (e) => {
      if (navigation.getSnapshot().context.blocked) e.preventDefault();
    });
    window.addEventListener('popstate', () => navigation.send({ type: 'nav.popped', to: `${location.pathname}${location.search}` }));
    narrow.addEventListener('change', (e) => ui.send({ type: e.matches ? 'viewport.narrow' : 'viewport.wide' }));
    phone.addEventListener('change', (e) => ui.send({ type: e.matches ? 'viewport.phone' : 'viewport.notPhone' }));
    // Signed out in another tab: end this one's session too.
    window.addEventListener('storage', (e) => {
      if (e.key === STORAGE_KEYS.token && e.newValue === null) auth.send({ type: 'session.expired' });
    });
  }

  /** The person's locale for amounts, numbers and dates (the browser's language). */
  const locale = navigator.languages?.[0] ?? navigator.language ?? undefined;

  return { toaster, alert, ui, navigation, auth, stockAlerts, api, start, notify, inspect, locale };
}

export type AppSystem = ReturnType<typeof createAppSystem>;

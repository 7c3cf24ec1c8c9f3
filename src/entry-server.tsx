/**
 * The server's drawing of a page's first HTML (server/page-render.ts loads the build of this
 * file). It checks the session (GET /me), starts the app system the browser runs from that, wired
 * to a host with the request's session and hints and to an HTTP client that sends the app's calls
 * to the server itself, awaits the page's loader (src/pages/), draws it with React, and hands the
 * browser the state it drew (the session, the page's data, the bell's alerts), so the browser
 * starts there without asking again and takes the drawing over in place (main.tsx). A page it
 * cannot draw in time is not drawn: the browser draws it as before.
 */
import './zod-config.ts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { waitFor } from 'xstate';
import { SERVER_STYLE_ATTRIBUTE, STORAGE_KEYS, isSessionUser, type SessionUser } from '../domain/auth.ts';
import { matchRoute } from '../domain/routes.ts';
import { selectSignedIn } from '../machines/auth.machine.ts';
import { App } from './app/app.tsx';
import { AppSystemProvider } from './app/app-context.tsx';
import { memoryStorage, type Host, type MediaName, type PageHints } from './app/host.ts';
import { UI_KEY } from './app/storage.ts';
import { createAppSystem, type AppSystem, type DrawnState } from './app/system.ts';
import { createScreenLoader, pageFiles } from './pages/screen-loader.ts';

export interface PageRequest {
  /** Pathname and search of the page. */
  url: string;
  /** The session's bearer token (from the page cookie); none for a signed-out page (the sign-in page). */
  token?: string | undefined;
  hints: Partial<PageHints>;
  /** Sends a request to the server's own API (in process). */
  fetch: typeof fetch;
  /** How long the page's loader may take before the browser is left to draw it. */
  timeoutMs?: number;
}

export interface DrawnPage {
  /** The app's HTML, for inside #root. */
  html: string;
  /** For the browser (PAGE_DATA_ID): the state it was drawn in and whose it is. */
  data: PageData;
}

export interface PageData {
  /** Whose page it is; null: drawn signed out (the sign-in page). */
  user: number | null;
  state: DrawnState;
  /** How the page was drawn (width, theme, locale, preferences): the browser takes it over only if it draws the same way. */
  hints: PageHints;
}

/** The source files a page at `pathname` needs beyond the first chunk's (server/static.ts preloads their chunks). */
export function filesOf(pathname: string): string[] {
  const match = matchRoute(pathname);
  return match ? pageFiles(match.route) : [];
}

/** The page is ready to draw: the session's page shown with its data, and the bell's alerts, if it has any to show. */
async function ready(system: AppSystem, timeoutMs: number): Promise<boolean> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    await Promise.all([
      waitFor(system.screen, (s) => s.matches('ready') || s.matches('failed'), { signal: timeout }),
      waitFor(system.stockAlerts, (s) => !s.hasTag('busy'), { signal: timeout }),
    ]);
    return system.screen.getSnapshot().matches('ready');
  } catch {
    return false;
  }
}

/** The page drawn, or null when it is not the server's to draw (no valid session, not ready in time, a failed call). */
export async function drawPage(request: PageRequest): Promise<DrawnPage | null> {
  // Who the token belongs to: the stored user the browser would have, as GET /me answers now.
  let me: SessionUser | null = null;
  if (request.token) {
    const res = await request.fetch('/me', { headers: { Authorization: `Bearer ${request.token}`, Accept: 'application/json' } });
    if (!res.ok) return null;
    const who: unknown = await res.json();
    if (!isSessionUser(who)) return null;
    me = who;
  }

  const media = { narrow: !!request.hints.narrow, phone: !!request.hints.phone, dark: !!request.hints.dark } satisfies Record<MediaName, boolean>;
  const host: Host = {
    storage: memoryStorage({
      ...(me ? { [STORAGE_KEYS.token]: request.token, [STORAGE_KEYS.user]: JSON.stringify({ access_token: request.token, user: me }) } : {}),
      ...(request.hints.ui ? { [UI_KEY]: request.hints.ui } : {}),
    }),
    url: request.url,
    locale: request.hints.locale,
    media: (name) => ({ matches: media[name], onChange() {} }),
    title() {},
    theme() {},
    writeUrl() {},
    leave() {},
    hint() {},
    pageHide: () => () => {},
    listen() {},
  };
  let failed = false;
  const system = createAppSystem({
    host,
    screens: createScreenLoader(undefined, { withData: true }),
    fetch: request.fetch,
    drawn: { me, screen: null, alerts: null },
    onError: (error) => {
      failed = true;
      console.error('The page could not be drawn on the server:', error);
    },
  });
  system.start();
  try {
    const drawable = await ready(system, request.timeoutMs ?? 3000);
    // A session's page must be drawn signed in, and a signed-out page must stay signed out.
    if (!drawable || failed || selectSignedIn(system.auth.getSnapshot()) !== !!me) return null;
    const screen = system.screen.getSnapshot().context;
    const state: DrawnState = { me, screen: screen.request ? { request: screen.request, data: screen.data } : null, alerts: system.stockAlerts.getSnapshot().context.alerts };
    const html = renderToString(
      <StrictMode>
        <AppSystemProvider system={system}>
          <App />
        </AppSystemProvider>
      </StrictMode>,
    );
    // The Content-Security-Policy applies no style attribute written in markup (and says so in the
    // console); the browser sets these through the DOM before it takes the page over (start.ts).
    // React escapes every quote in text and attribute values, so only real attributes match.
    return { html: html.replace(/ style="/g, ` ${SERVER_STYLE_ATTRIBUTE}="`), data: { user: me?.id ?? null, state, hints: system.hints() } };
  } finally {
    system.stop();
  }
}

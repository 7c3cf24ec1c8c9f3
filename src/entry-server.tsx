/**
 * The server's drawing of a signed-in page's first HTML (server/page-render.ts loads the build
 * of this file). It runs the app system the browser runs, wired to a host with the request's
 * session and hints and to an HTTP client that sends the app's calls to the server itself,
 * waits until the page is settled (src/app/settle.ts), draws it with React, and hands the
 * browser every answer it got, so the browser reaches the same state without asking again and
 * takes the drawing over in place (main.tsx). A page it cannot settle is not drawn: the browser
 * draws it as before.
 */
import './zod-config.ts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { SERVER_STYLE_ATTRIBUTE, STORAGE_KEYS, isSessionUser, type SessionUser } from '../domain/auth.ts';
import { selectSignedIn } from '../machines/auth.machine.ts';
import { RECORDED_HEADERS, replaying, type RecordedAnswer } from './app/api.ts';
import { App } from './app/app.tsx';
import { AppSystemProvider } from './app/app-context.tsx';
import { memoryStorage, type Host, type MediaName, type PageHints } from './app/host.ts';
import { settled } from './app/settle.ts';
import { UI_KEY } from './app/storage.ts';
import { createAppSystem } from './app/system.ts';
import { createScreenLoader } from './screens/registry.ts';

export interface PageRequest {
  /** Pathname and search of the page. */
  url: string;
  /** The session's bearer token (from the page cookie); none for a signed-out page (the sign-in page). */
  token?: string | undefined;
  hints: Partial<PageHints>;
  /** Sends a request to the server's own API (in process). */
  fetch: typeof fetch;
  /** How long the page may take to settle before the browser is left to draw it. */
  timeoutMs?: number;
}

export interface DrawnPage {
  /** The app's HTML, for inside #root. */
  html: string;
  /** For the browser (PAGE_DATA_ID): the answers and whose they are. */
  data: PageData;
}

export interface PageData {
  /** Whose page it is; null: drawn signed out (the sign-in page). */
  user: number | null;
  answers: RecordedAnswer[];
  /** How the page was drawn (width, theme, locale, preferences): the browser takes it over only if it draws the same way. */
  hints: PageHints;
}

const pathOf = (input: RequestInfo | URL) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!/^https?:/.test(url)) return url;
  const u = new URL(url);
  return u.pathname + u.search;
};

/** The page drawn, or null when it is not the server's to draw (no valid session, not settled in time, a failed call). */
export async function drawPage(request: PageRequest): Promise<DrawnPage | null> {
  const answers: RecordedAnswer[] = [];
  let failed = false;
  const recording: typeof fetch = async (input, init) => {
    const res = await request.fetch(input, init);
    if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return res;
    if (res.status === 401 || res.status >= 500) failed = true;
    const headers: Record<string, string> = {};
    for (const name of RECORDED_HEADERS) {
      const value = res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    answers.push({ url: pathOf(input), status: res.status, headers, body: await res.clone().text() });
    return res;
  };

  // Who the token belongs to: the stored user the browser would have, and the answer to its GET /me.
  let user: SessionUser | null = null;
  if (request.token) {
    const me = await recording('/me', { headers: { Authorization: `Bearer ${request.token}`, Accept: 'application/json' } });
    if (!me.ok) return null;
    const who: unknown = await me.json();
    if (!isSessionUser(who)) return null;
    user = who;
  }

  const media = { narrow: !!request.hints.narrow, phone: !!request.hints.phone, dark: !!request.hints.dark } satisfies Record<MediaName, boolean>;
  const host: Host = {
    storage: memoryStorage({
      ...(user ? { [STORAGE_KEYS.token]: request.token, [STORAGE_KEYS.user]: JSON.stringify({ access_token: request.token, user }) } : {}),
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
  const system = createAppSystem({
    host,
    screens: createScreenLoader(),
    fetch: replaying(answers.slice(0, 1), recording),
    onError: (error) => {
      failed = true;
      console.error('The page could not be drawn on the server:', error);
    },
  });
  system.start();
  try {
    const ready = await settled(system, request.timeoutMs ?? 3000);
    // A session's page must be drawn signed in, and a signed-out page must stay signed out.
    if (!ready || failed || selectSignedIn(system.auth.getSnapshot()) !== !!user) return null;
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
    return { html: html.replace(/ style="/g, ` ${SERVER_STYLE_ATTRIBUTE}="`), data: { user: user?.id ?? null, answers, hints: system.hints() } };
  } finally {
    system.stop();
  }
}

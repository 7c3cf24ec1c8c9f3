import { XSRF_COOKIE, XSRF_HEADER, isSessionUser, type LoginBody, type LoginResponse, type SessionUser } from '../../domain/auth.ts';
import { failureOf, type ApiHooks, type CallOptions } from './api-shared.ts';
import type { HttpClient } from './http-client.ts';

export { failureOf, type ApiHooks, type CallOptions } from './api-shared.ts';

function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/** An answer to a GET the server's drawing of a page got, handed to the browser with the page. */
export interface RecordedAnswer {
  /** The path and query asked for. */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Response headers a recorded answer keeps (what the client reads from an answer). */
export const RECORDED_HEADERS = ['content-type', 'etag', 'retry-after'] as const;

/**
 * A fetch that gives back each recorded answer once, for the same GET, before asking the
 * network: the browser's first calls on a page the server drew get what the server saw.
 */
export function replaying(answers: RecordedAnswer[], next: typeof fetch): typeof fetch {
  const left = [...answers];
  return (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
    const at = method === 'GET' ? left.findIndex((a) => a.url === path) : -1;
    if (at < 0) return next(input, init);
    const [hit] = left.splice(at, 1);
    return Promise.resolve(new Response(hit!.status === 204 ? null : hit!.body, { status: hit!.status, headers: hit!.headers }));
  };
}

/**
 * The one HTTP client (SPEC §7): ofetch with the app's rules (src/app/http-client.ts), loaded
 * with the first call. A call counts as on its way from when it is made, its client's code
 * included, so whoever waits for the system to settle (src/app/settle.ts) waits for that too.
 */
export function createApi(
  hooks: ApiHooks,
  { baseURL = import.meta.env.VITE_API_BASE ?? '', fetch: send, replay }: { baseURL?: string; fetch?: typeof fetch; replay?: RecordedAnswer[] } = {},
) {
  const network: typeof fetch = send ?? ((input, init) => globalThis.fetch(input, init));
  const transport = replay?.length ? replaying(replay, network) : network;
  /** Calls on their way, and who waits for there to be none. */
  let inFlight = 0;
  let quiet: (() => void)[] = [];
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await work();
    } finally {
      inFlight--;
      if (!inFlight) {
        const waiting = quiet;
        quiet = [];
        for (const done of waiting) done();
      }
    }
  };
  let xsrfLoading: Promise<unknown> | null = null;
  const writeHeaders = async (): Promise<Record<string, string>> => {
    if (!readCookie(XSRF_COOKIE)) {
      xsrfLoading ??= fetch(`${baseURL}/sanctum/csrf-cookie`, { credentials: 'include' }).finally(() => (xsrfLoading = null));
      await xsrfLoading;
    }
    const xsrf = readCookie(XSRF_COOKIE);
    return xsrf ? { [XSRF_HEADER]: xsrf } : {};
  };

  let loading: Promise<HttpClient> | null = null;
  const client = (): Promise<HttpClient> => {
    if (!loading) {
      loading = import('./http-client.ts').then((m) => m.createClient({ baseURL, hooks, fetch: transport, writeHeaders }));
      // Code that could not be fetched is fetched again by the next call; this one fails as unreachable.
      loading.catch(() => (loading = null));
    }
    return loading.catch(() => {
      throw failureOf(0, '', undefined, null);
    });
  };

  const call = <T>(path: string, opts?: CallOptions): Promise<T> => counted(async () => (await client()).call<T>(path, opts));
  /** A call whose response headers matter (ETag of a record). */
  const callWithHeaders = <T>(path: string, opts?: CallOptions): Promise<{ data: T; headers: Headers }> =>
    counted(async () => (await client()).callWithHeaders<T>(path, opts));
  /** A file download (CSV export) as a Blob, with the server's file name. */
  const download = (path: string): Promise<{ blob: Blob; filename: string }> => counted(async () => (await client()).download(path));

  /** An answer that is not a user record is no answer (a proxy's page, a half-deployed server). */
  const user = (data: unknown): SessionUser => {
    if (!isSessionUser(data)) throw new Error('The server answered with something other than a user.');
    return data;
  };

  return {
    /** Resolves when no call is on its way (at once if none is). */
    idle: (): Promise<void> => (inFlight ? new Promise((resolve) => quiet.push(resolve)) : Promise.resolve()),
    /** Whether a call is on its way. */
    busy: () => inFlight > 0,
    call,
    callWithHeaders,
    download,
    login: async (body: LoginBody): Promise<LoginResponse> => {
      const res = await call<LoginResponse>('/api/v1/admin/login', {
        method: 'POST',
        body,
      });
      if (res?.Status === 'success') user(res.user);
      else if (res?.Status !== 'failed' || typeof res.message !== 'string') throw new Error('The server answered a sign-in with something else.');
      return res;
    },
    me: async (): Promise<SessionUser> => user(await call('/me')),
    logout: async (): Promise<void> => {
      await call('/api/logout', { method: 'POST' });
    },
  };
}

export type Api = ReturnType<typeof createApi>;

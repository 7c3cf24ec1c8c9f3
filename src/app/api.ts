import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { XSRF_COOKIE, XSRF_HEADER, isSessionUser, type ApiErrorBody, type LoginBody, type LoginResponse, type SessionUser } from '../../domain/auth.ts';
import type { RequestFailure } from '../../machines/auth.machine.ts';

export interface ApiHooks {
  /** The bearer token to send, if any (SPEC §7: from storage key user_token). */
  getToken(): string | null;
  /** A call made with a token answered 401: the session is over. */
  onUnauthorized(): void;
  /** A call answered 403 by status or by body code. */
  onForbidden(): void;
}

export interface CallOptions {
  method?: string;
  /** A plain object is sent as JSON; a file as itself (an image upload). */
  body?: FetchOptions['body'];
  headers?: Record<string, string>;
  /** The request outlives the page (a delete sent as the tab closes). */
  keepalive?: boolean;
}

function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
const UNREACHABLE = 'The server cannot be reached.';

/** A failed answer as the machines understand it: the server's message, field errors, when to retry. */
export function failureOf(status: number, statusText: string, data: unknown, retryAfterHeader: string | null): RequestFailure {
  const body = (typeof data === 'object' && data !== null ? data : {}) as Partial<ApiErrorBody>;
  const retryAfter = Number(retryAfterHeader);
  return {
    status,
    message: typeof body.message === 'string' ? body.message : status === 0 ? UNREACHABLE : statusText || 'Request failed.',
    ...(body.errors ? { errors: body.errors } : {}),
    ...(body.code !== undefined ? { code: body.code } : {}),
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
  };
}

/** Turns whatever a call threw into the value the machines understand. */
export function toFailure(error: unknown): RequestFailure {
  if (error instanceof FetchError) {
    const status = error.status ?? error.statusCode ?? 0;
    return failureOf(status, error.statusText ?? '', error.data, error.response?.headers.get('retry-after') ?? null);
  }
  return failureOf(0, '', undefined, null);
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
 * The one HTTP client (SPEC §7), on ofetch: credentials included, bearer token from storage,
 * the X-XSRF-TOKEN header from the XSRF-TOKEN cookie on writes, no timeout, no retry, and
 * 401/403 reported to the machines instead of being handled here. Every failure is thrown as
 * a RequestFailure (status 0 when the server could not be reached).
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
  const counted: typeof fetch = async (input, init) => {
    inFlight++;
    try {
      return await transport(input, init);
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
  const ensureXsrf = async () => {
    if (readCookie(XSRF_COOKIE)) return;
    xsrfLoading ??= fetch(`${baseURL}/sanctum/csrf-cookie`, { credentials: 'include' }).finally(() => (xsrfLoading = null));
    await xsrfLoading;
  };

  const client = ofetch.create(
    {
      baseURL,
      credentials: 'include',
      retry: 0,
      async onRequest({ options }) {
        const headers = new Headers(options.headers);
        const token = hooks.getToken();
        if (token) headers.set('Authorization', `Bearer ${token}`);
        if (isWrite((options.method ?? 'GET').toUpperCase())) {
          await ensureXsrf();
          const xsrf = readCookie(XSRF_COOKIE);
          if (xsrf) headers.set(XSRF_HEADER, xsrf);
        }
        options.headers = headers;
      },
      onResponse({ response }) {
        // SPEC §6's `code: 403` in an OK body also counts as forbidden.
        const body = response._data as { code?: unknown } | undefined;
        if (response.ok && body && typeof body === 'object' && Number(body.code) === 403) hooks.onForbidden();
      },
      onResponseError({ response, options }) {
        const sentToken = new Headers(options.headers).has('Authorization');
        if (response.status === 401 && sentToken) hooks.onUnauthorized();
        const body = response._data as { code?: unknown } | undefined;
        if (response.status === 403 || Number(body?.code) === 403) hooks.onForbidden();
      },
    },
    { fetch: counted },
  );

  const call = async <T>(path: string, opts?: CallOptions): Promise<T> => {
    try {
      return await client<T>(path, opts);
    } catch (e) {
      throw toFailure(e);
    }
  };

  /** A call whose response headers matter (ETag of a record). */
  const callWithHeaders = async <T>(path: string, opts?: CallOptions): Promise<{ data: T; headers: Headers }> => {
    try {
      const res = await client.raw<T>(path, opts);
      return { data: res._data as T, headers: res.headers };
    } catch (e) {
      throw toFailure(e);
    }
  };

  /** A file download (CSV export) as a Blob, with the server's file name. */
  const download = async (path: string): Promise<{ blob: Blob; filename: string }> => {
    try {
      const res = await client.raw<Blob, 'blob'>(path, {
        responseType: 'blob',
      });
      const cd = res.headers.get('content-disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(cd)?.[1] ?? 'export.csv';
      return { blob: res._data as Blob, filename };
    } catch (e) {
      throw toFailure(e);
    }
  };

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

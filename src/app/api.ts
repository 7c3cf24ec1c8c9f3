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
  /** Sent as JSON. */
  body?: unknown;
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

/** A body as JSON when the server says it is JSON, else as text (undefined when empty). */
async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  if (!(res.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one HTTP client (SPEC §7), on the browser's fetch: credentials included, bearer token
 * from storage, the X-XSRF-TOKEN header from the XSRF-TOKEN cookie on writes, no timeout,
 * and 401/403 reported to the machines instead of being handled here. Every failure is
 * thrown as a RequestFailure (status 0 when the server could not be reached).
 */
export function createApi(hooks: ApiHooks, baseURL = import.meta.env.VITE_API_BASE ?? '') {
  let xsrfLoading: Promise<unknown> | null = null;
  const ensureXsrf = async () => {
    if (readCookie(XSRF_COOKIE)) return;
    xsrfLoading ??= fetch(`${baseURL}/sanctum/csrf-cookie`, { credentials: 'include' }).finally(() => (xsrfLoading = null));
    await xsrfLoading;
  };

  /** Sends a call; answers the response when it is OK, else throws the failure (after telling the hooks). */
  const send = async (path: string, opts: CallOptions = {}): Promise<Response> => {
    const method = (opts.method ?? 'GET').toUpperCase();
    const headers = new Headers(opts.headers);
    const token = hooks.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let res: Response;
    try {
      if (isWrite(method)) {
        await ensureXsrf();
        const xsrf = readCookie(XSRF_COOKIE);
        if (xsrf) headers.set(XSRF_HEADER, xsrf);
      }
      if (opts.body !== undefined) headers.set('Content-Type', 'application/json');
      res = await fetch(`${baseURL}${path}`, {
        method,
        headers,
        credentials: 'include',
        ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
    } catch {
      throw failureOf(0, '', undefined, null);
    }
    if (res.ok) return res;
    const data = await bodyOf(res).catch(() => undefined);
    if (res.status === 401 && token) hooks.onUnauthorized();
    if (res.status === 403 || Number((data as { code?: unknown } | undefined)?.code) === 403) hooks.onForbidden();
    throw failureOf(res.status, res.statusText, data, res.headers.get('retry-after'));
  };

  /** The JSON of an OK answer; SPEC §6's `code: 403` in an OK body also counts as forbidden. */
  const json = async <T>(res: Response): Promise<T> => {
    let data: unknown;
    try {
      data = await bodyOf(res);
    } catch {
      throw failureOf(0, '', undefined, null);
    }
    if (typeof data === 'object' && data !== null && Number((data as { code?: unknown }).code) === 403) hooks.onForbidden();
    return data as T;
  };

  const call = async <T>(path: string, opts?: CallOptions): Promise<T> => json<T>(await send(path, opts));

  /** A call whose response headers matter (ETag of a record). */
  const callWithHeaders = async <T>(path: string, opts?: CallOptions): Promise<{ data: T; headers: Headers }> => {
    const res = await send(path, opts);
    return { data: await json<T>(res), headers: res.headers };
  };

  /** A file download (CSV export) as a Blob, with the server's file name. */
  const download = async (path: string): Promise<{ blob: Blob; filename: string }> => {
    const res = await send(path);
    const cd = res.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(cd)?.[1] ?? 'export.csv';
    try {
      return { blob: await res.blob(), filename };
    } catch {
      throw failureOf(0, '', undefined, null);
    }
  };

  /** An answer that is not a user record is no answer (a proxy's page, a half-deployed server). */
  const user = (data: unknown): SessionUser => {
    if (!isSessionUser(data)) throw new Error('The server answered with something other than a user.');
    return data;
  };

  return {
    call,
    callWithHeaders,
    download,
    login: async (body: LoginBody): Promise<LoginResponse> => {
      const res = await call<LoginResponse>('/api/v1/admin/login', { method: 'POST', body });
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

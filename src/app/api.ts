import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import {
  XSRF_COOKIE,
  XSRF_HEADER,
  loginResponse,
  sessionUser,
  type ApiErrorBody,
  type LoginBody,
  type LoginResponse,
  type SessionUser,
} from '../../domain/auth.ts';
import type { RequestFailure } from '../../machines/auth.machine.ts';

export interface ApiHooks {
  /** The bearer token to send, if any (SPEC §7: from storage key user_token). */
  getToken(): string | null;
  /** A call made with a token answered 401: the session is over. */
  onUnauthorized(): void;
  /** A call answered 403 by status or by body code. */
  onForbidden(): void;
}

function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

const isWrite = (method: string | undefined) => !['GET', 'HEAD', 'OPTIONS'].includes((method ?? 'GET').toUpperCase());

/** Turns whatever a call threw into the value the machines understand. */
export function toFailure(error: unknown): RequestFailure {
  if (error instanceof FetchError) {
    const body = (error.data ?? {}) as Partial<ApiErrorBody>;
    const status = error.status ?? error.statusCode ?? 0;
    const retryAfter = Number(error.response?.headers.get('retry-after'));
    return {
      status,
      message: typeof body.message === 'string' ? body.message : status === 0 ? 'The server cannot be reached.' : error.statusText || 'Request failed.',
      ...(body.errors ? { errors: body.errors } : {}),
      ...(body.code !== undefined ? { code: body.code } : {}),
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
    };
  }
  return { status: 0, message: error instanceof Error ? error.message : 'The server cannot be reached.' };
}

/**
 * The one HTTP client (SPEC §7): credentials included, bearer token from storage, the
 * X-XSRF-TOKEN header from the XSRF-TOKEN cookie on writes, no timeout, and 401/403 reported
 * to the machines instead of being handled here.
 */
export function createApi(hooks: ApiHooks, baseURL = import.meta.env.VITE_API_BASE ?? '') {
  let xsrfLoading: Promise<unknown> | null = null;
  const ensureXsrf = async () => {
    if (readCookie(XSRF_COOKIE)) return;
    xsrfLoading ??= fetch(`${baseURL}/sanctum/csrf-cookie`, { credentials: 'include' }).finally(() => (xsrfLoading = null));
    await xsrfLoading;
  };

  const client = ofetch.create({
    baseURL,
    credentials: 'include',
    retry: 0,
    async onRequest({ options }) {
      const headers = new Headers(options.headers);
      const token = hooks.getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (isWrite(options.method)) {
        await ensureXsrf();
        const xsrf = readCookie(XSRF_COOKIE);
        if (xsrf) headers.set(XSRF_HEADER, xsrf);
      }
      options.headers = headers;
    },
    onResponse({ response }) {
      const body = response._data as { code?: unknown } | undefined;
      if (response.ok && body && typeof body === 'object' && Number(body.code) === 403) hooks.onForbidden();
    },
    onResponseError({ response, options }) {
      const sentToken = new Headers(options.headers).has('Authorization');
      if (response.status === 401 && sentToken) hooks.onUnauthorized();
      const body = response._data as { code?: unknown } | undefined;
      if (response.status === 403 || Number(body?.code) === 403) hooks.onForbidden();
    },
  });

  const call = async <T>(path: string, opts?: FetchOptions<'json'>): Promise<T> => {
    try {
      return await client<T>(path, opts);
    } catch (e) {
      throw toFailure(e);
    }
  };

  /** A call whose response headers matter (ETag of a record). */
  const callWithHeaders = async <T>(path: string, opts?: FetchOptions<'json'>): Promise<{ data: T; headers: Headers }> => {
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
      const res = await client.raw<Blob, 'blob'>(path, { responseType: 'blob' });
      const cd = res.headers.get('content-disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(cd)?.[1] ?? 'export.csv';
      return { blob: res._data as Blob, filename };
    } catch (e) {
      throw toFailure(e);
    }
  };

  return {
    call,
    callWithHeaders,
    download,
    login: async (body: LoginBody): Promise<LoginResponse> =>
      loginResponse.parse(await call('/api/v1/admin/login', { method: 'POST', body })),
    me: async (): Promise<SessionUser> => sessionUser.parse(await call('/me')),
    logout: async (): Promise<void> => {
      await call('/api/logout', { method: 'POST' });
    },
  };
}

export type Api = ReturnType<typeof createApi>;

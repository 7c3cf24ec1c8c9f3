import { XSRF_COOKIE, XSRF_HEADER, isSessionUser, type LoginBody, type LoginResponse, type SessionUser } from '../../domain/auth.ts';
import { failureOf, type ApiHooks, type CallOptions } from './api-shared.ts';
import type { HttpClient } from './http-client.ts';

export { failureOf, type ApiHooks, type CallOptions } from './api-shared.ts';

function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/**
 * The one HTTP client (SPEC §7): ofetch with the app's rules (src/app/http-client.ts), loaded
 * with the first call. The server drawing a page sends the calls to itself (`fetch`).
 */
export function createApi(hooks: ApiHooks, { baseURL = import.meta.env.VITE_API_BASE ?? '', fetch: send }: { baseURL?: string; fetch?: typeof fetch } = {}) {
  const transport: typeof fetch = send ?? ((input, init) => globalThis.fetch(input, init));
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

  const call = async <T>(path: string, opts?: CallOptions): Promise<T> => (await client()).call<T>(path, opts);
  /** A call whose response headers matter (ETag of a record). */
  const callWithHeaders = async <T>(path: string, opts?: CallOptions): Promise<{ data: T; headers: Headers }> => (await client()).callWithHeaders<T>(path, opts);
  /** A file download (CSV export) as a Blob, with the server's file name. */
  const download = async (path: string): Promise<{ blob: Blob; filename: string }> => (await client()).download(path);

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

import { FetchError, ofetch } from 'ofetch';
import type { RequestFailure } from '../../machines/auth.machine.ts';
import { failureOf, type ApiHooks, type CallOptions } from './api-shared.ts';
import { CLIENT_HEADER, IDEMPOTENCY_HEADER } from '../../domain/idempotency.ts';

/**
 * ofetch and what is built on it, loaded with the first call (src/app/api.ts): a signed-out
 * page makes none until the person signs in, so the sign-in page's first load goes without it.
 * A signed-in page asks for its session at once, and the server names this chunk in that
 * page's HTML (pageFiles in src/pages/screen-loader.ts), so it comes beside the entry.
 */

/** Turns whatever a call threw into the value the machines understand. */
function toFailure(error: unknown): RequestFailure {
  if (error instanceof FetchError) {
    const status = error.status ?? error.statusCode ?? 0;
    return failureOf(status, error.statusText ?? '', error.data, error.response?.headers.get('retry-after') ?? null);
  }
  return failureOf(0, '', undefined, null);
}

let inMemory: string | undefined;

/**
 * This browser tab's client id: made once and kept in the tab's session storage, so a write
 * resent after a reload (its key kept by the machine that made it) is known for the same one.
 */
export function tabClientId(store: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.sessionStorage): string {
  const made = () => globalThis.crypto?.randomUUID?.() ?? `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  try {
    const kept = store?.getItem('client_id');
    if (kept) return kept;
    const id = made();
    store?.setItem('client_id', id);
    return id;
  } catch {
    // Storage refused (a private window): this page's own id.
    return (inMemory ??= made());
  }
}

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

export interface ClientSetup {
  baseURL: string;
  hooks: ApiHooks;
  fetch: typeof fetch;
  /** The headers a write sends besides the token (the XSRF token, fetched first if this browser has none yet). */
  writeHeaders(): Promise<Record<string, string>>;
}

/**
 * The one HTTP client (SPEC §7), on ofetch: credentials included, bearer token from storage,
 * the X-XSRF-TOKEN header on writes (from api.ts), no timeout, no retry, and 401/403 reported to the machines
 * instead of being handled here. Every failure is thrown as a RequestFailure (status 0 when the
 * server could not be reached).
 */
export function createClient({ baseURL, hooks, fetch, writeHeaders }: ClientSetup) {
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
          for (const [name, value] of Object.entries(await writeHeaders())) headers.set(name, value);
        }
        // An Idempotency-Key is this tab's: the server knows a replay by the two together, whoever is signed in.
        if (headers.has(IDEMPOTENCY_HEADER) && !headers.has(CLIENT_HEADER)) headers.set(CLIENT_HEADER, tabClientId());
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
    { fetch },
  );

  return {
    call: async <T>(path: string, opts?: CallOptions): Promise<T> => {
      try {
        return await client<T>(path, opts);
      } catch (e) {
        throw toFailure(e);
      }
    },
    callWithHeaders: async <T>(path: string, opts?: CallOptions): Promise<{ data: T; headers: Headers }> => {
      try {
        const res = await client.raw<T>(path, opts);
        return { data: res._data as T, headers: res.headers };
      } catch (e) {
        throw toFailure(e);
      }
    },
    download: async (path: string): Promise<{ blob: Blob; filename: string }> => {
      try {
        const res = await client.raw<Blob, 'blob'>(path, { responseType: 'blob' });
        const cd = res.headers.get('content-disposition') ?? '';
        const filename = /filename="([^"]+)"/.exec(cd)?.[1] ?? 'export.csv';
        return { blob: res._data as Blob, filename };
      } catch (e) {
        throw toFailure(e);
      }
    },
  };
}

export type HttpClient = ReturnType<typeof createClient>;

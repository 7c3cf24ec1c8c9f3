import type { FetchOptions } from 'ofetch';
import type { ApiErrorBody } from '../../domain/auth.ts';
import type { RequestFailure } from '../../machines/auth.machine.ts';

/** What the API (src/app/api.ts) and its HTTP client, loaded with the first call (http-client.ts), share. */

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
  /** Aborts the request (a report whose range changed while it loaded). */
  signal?: AbortSignal;
}

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

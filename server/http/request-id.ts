import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { format } from 'node:util';
import { isTrustedProxy, peerAddress } from './client.ts';
import type { AppMiddleware } from './context.ts';

/**
 * Each request has an id: the one a trusted proxy sent in X-Request-Id (so the balancer's log and
 * ours name the same request), else a new one. It is echoed in the answer's X-Request-Id and
 * carried by every log line written while the request runs (logWithRequestIds), next to the
 * server's name, so with several servers behind one balancer a line leads to its request.
 */
const scope = new AsyncLocalStorage<string>();

const SAFE_ID = /^[\w.:@/+=-]{1,128}$/;

export const requestId: AppMiddleware = async (c, next) => {
  const given = isTrustedProxy(peerAddress(c), c.var.config.trustedProxies) ? c.req.header('x-request-id') : undefined;
  const id = given && SAFE_ID.test(given) ? given : randomUUID();
  c.set('requestId', id);
  await scope.run(id, next);
  c.res.headers.set('X-Request-Id', id);
};

/** The id of the request this code runs for, if any. */
export const currentRequestId = (): string | undefined => scope.getStore();

/**
 * Prefixes every console line of this process with `[server]`, and ` [request <id>]` inside a
 * request. For the server process (main.ts), not for tests that make apps in process.
 */
export function logWithRequestIds(serverName: string): void {
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    const write = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      const id = scope.getStore();
      write(`[${serverName}]${id ? ` [request ${id}]` : ''} ${format(...args)}`);
    };
  }
}

import { createHash } from 'node:crypto';
import { CLIENT_HEADER, CLIENT_PATTERN, IDEMPOTENCY_HEADER, KEY_PATTERN } from '../../domain/idempotency.ts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/index.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { addressKey } from '../auth/throttle.ts';
import { clientAddress } from '../http/client.ts';
import type { AppContext } from '../http/context.ts';
import { ApiError, validationError } from '../http/errors.ts';

/**
 * Exactly once per key per CLIENT. A key is made by a client — a till or a browser tab, which
 * names itself with `X-Client-Id` (1–64 visible ASCII characters, a UUID will do) — and the
 * stored key row is keyed by (scope, client id, key), so another staff member signing in on the
 * same till replays the till's keys instead of being refused. A request with a key and no
 * X-Client-Id is its session user's client (`user:<id>`), so API clients that never sent one
 * keep working; a request without a session (the public website's) is its address's. A document made under a key also keeps (client id, key) in unique columns of its
 * own row (engine.ts `create`), which outlive this table's rows (purged after 48 hours).
 */

/** Who made a key, and the key: what a document made under it keeps. */
export interface ClientKey {
  clientId: string;
  key: string;
}

export interface Answer {
  status: 200 | 201;
  body: Record<string, unknown>;
  /** The answer is a document recorded by an earlier request under the same key (engine.ts `create`). */
  replayed?: boolean;
}

/** The request's client key, undefined without an Idempotency-Key; 422 naming the header that is malformed. */
export function clientKeyOf(c: AppContext): ClientKey | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  const client = c.req.header(CLIENT_HEADER);
  if (client !== undefined && !CLIENT_PATTERN.test(client)) {
    throw validationError({ [CLIENT_HEADER]: ['Use an X-Client-Id of 1 to 64 visible characters (a UUID will do).'] });
  }
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw validationError({ [IDEMPOTENCY_HEADER]: ['Use an Idempotency-Key of 1 to 255 visible characters (a UUID will do).'] });
  }
  // No session (the public website's orders): the client is its address, as throttling counts it.
  const auth = c.var.auth as AppContext['var']['auth'] | undefined;
  return { clientId: client ?? (auth ? `user:${auth.row.id}` : `address:${addressKey(clientAddress(c))}`), key };
}

/**
 * Runs `run` in a transaction, exactly once per client key (when the request has one): the key
 * is claimed with ON CONFLICT in the same transaction, so a concurrent duplicate waits for the
 * first to commit and then gets its stored answer; a refusal rolls the claim back with
 * everything else, so a retry runs again. The same key with another request is a 422.
 */
export async function idempotent(c: AppContext, scope: string, request: unknown, run: (tx: Tx, client: ClientKey | undefined) => Promise<Answer>): Promise<Response> {
  const client = clientKeyOf(c);
  const answer = client ? await once(c, scope, client, request, run) : await c.var.db.transaction((tx) => run(tx, undefined));
  return c.json(answer.body, answer.status, answer.replayed ? { 'Idempotent-Replayed': 'true' } : {});
}

async function once(c: AppContext, scope: string, client: ClientKey, request: unknown, run: (tx: Tx, client: ClientKey) => Promise<Answer>): Promise<Answer> {
  const hash = createHash('sha256').update(JSON.stringify([c.req.method, c.req.path, request])).digest('hex');
  const row = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.client_id, client.clientId), eq(idempotencyKeys.key, client.key));
  return c.var.db.transaction(async (tx): Promise<Answer> => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, client_id: client.clientId, key: client.key, user_id: (c.var.auth as AppContext['var']['auth'] | undefined)?.row.id ?? null, request_hash: hash, status: 0, response: '' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed[0]) {
      const [prior] = await tx.select().from(idempotencyKeys).where(row);
      if (!prior || prior.request_hash !== hash) {
        throw new ApiError(422, 'This Idempotency-Key was already used for another request. Send a new key with a new request.', {
          code: 'idempotency_key_reused',
          errors: { [IDEMPOTENCY_HEADER]: ['Already used for another request.'] },
        });
      }
      if (prior.status === 0) throw new ApiError(409, 'This request is still being handled. Wait a moment and check the result.', { code: 'in_progress' });
      return { status: prior.status as 200 | 201, body: JSON.parse(prior.response) as Record<string, unknown>, replayed: true };
    }
    const a = await run(tx, client);
    await tx.update(idempotencyKeys).set({ status: a.status, response: JSON.stringify(a.body) }).where(row);
    return a;
  });
}

import { and, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { rowsOf } from '../crud/sql.ts';
import type { Db } from '../db/index.ts';
import { accessTokens, idempotencyKeys, loginAttempts, loginLimits } from '../db/schema.ts';
import { IDEMPOTENCY_KEEP_HOURS } from '../documents/idempotency-keep.ts';
import { LIMIT_WINDOW_MS } from './throttle.ts';

/** How often a running server purges (it also purges once at start). */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes what can no longer be used: tokens past their absolute expiry or unused for longer
 * than the idle limit (checkToken refuses both, but only deletes one it is shown), sign-in
 * records that are not locked and whose window has passed (the next failure starts afresh),
 * and hourly counts of accounts and addresses with no attempt in the last hour.
 */
export async function purgeStale(db: Db, now: Date, config: Config): Promise<{ tokens: number; signIns: number }> {
  const idleSince = new Date(now.getTime() - config.tokenIdleMinutes * 60_000);
  const tokens = await db
    .delete(accessTokens)
    .where(or(lte(accessTokens.expires_at, now), lte(accessTokens.last_used_at, idleSince)))
    .returning({ id: accessTokens.id });
  const windowStart = new Date(now.getTime() - config.loginWindowSeconds * 1000);
  const signIns = await db
    .delete(loginAttempts)
    .where(
      and(
        or(isNull(loginAttempts.locked_until), lte(loginAttempts.locked_until, now)),
        lte(loginAttempts.first_failed_at, windowStart),
      ),
    )
    .returning({ key: loginAttempts.key });
  // An account's or address's hourly count whose newest attempt is over an hour old counts nothing.
  const hourAgo = new Date(now.getTime() - LIMIT_WINDOW_MS).toISOString();
  const limits = await db
    .delete(loginLimits)
    .where(sql`coalesce(${loginLimits.failed_at}[cardinality(${loginLimits.failed_at})], '-infinity') <= ${hourAgo}::timestamptz`)
    .returning({ key: loginLimits.key });
  // Idempotency keys outlive any retry a client makes (the IETF draft asks for at least 24 hours).
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.created_at, new Date(now.getTime() - IDEMPOTENCY_KEEP_HOURS * 3_600_000)));
  return { tokens: tokens.length, signIns: signIns.length + limits.length };
}

/** The advisory lock a purge holds, so of several servers on one database one purges at a time ('shop' 'purg'). */
export const PURGE_LOCK = 0x73686f70_70757267n;

/**
 * One purge, in a transaction holding PURGE_LOCK; undefined when another server's purge holds it
 * (it deletes the same rows, so this one has nothing to add). The lock ends with the transaction,
 * also when this server dies half-way.
 */
export async function purgeOnce(db: Db, now: Date, config: Config): Promise<{ tokens: number; signIns: number } | undefined> {
  return db.transaction(async (tx) => {
    const [got] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${PURGE_LOCK.toString()}::bigint) as ok`);
    if (!got?.ok) return undefined;
    return purgeStale(tx as unknown as Db, now, config);
  });
}

/**
 * Purges now and then every PURGE_EVERY_MS. Never keeps the process alive; the stop function
 * resolves once a purge under way has finished, so the database can be closed after it.
 */
export function startPurging(db: Db, config: Config, now: () => Date = () => new Date()): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = purgeOnce(db, now(), config)
      .then((done) => {
        if (!done) return;
        const { tokens, signIns } = done;
        if (tokens || signIns) console.log(`Purged ${tokens} ended session(s) and ${signIns} old sign-in record(s).`);
      })
      .catch((err: unknown) => console.error('Purging old sessions failed:', err));
  };
  run();
  const timer = setInterval(run, PURGE_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

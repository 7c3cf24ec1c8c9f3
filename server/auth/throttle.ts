import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { loginAttempts } from '../db/schema.ts';

/** Seconds until the key may try again, or 0 when it is not locked. */
export async function lockedFor(db: Db, key: string, now: Date): Promise<number> {
  const rows = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key)).limit(1);
  const until = rows[0]?.locked_until;
  if (!until || until.getTime() <= now.getTime()) return 0;
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/**
 * Counts one failure in a single upsert (concurrent failures all count). The counter starts
 * over when the window has passed or an earlier lock has run out; reaching the maximum locks.
 */
export async function recordFailure(db: Db, key: string, now: Date, config: Config): Promise<void> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - config.loginWindowSeconds * 1000).toISOString();
  const lockUntil = new Date(now.getTime() + config.loginLockSeconds * 1000).toISOString();
  const stale = sql`(${loginAttempts.first_failed_at} <= ${windowStart}::timestamptz
    or (${loginAttempts.locked_until} is not null and ${loginAttempts.locked_until} <= ${nowIso}::timestamptz))`;
  const next = sql`(case when ${stale} then 1 else ${loginAttempts.failures} + 1 end)`;
  await db
    .insert(loginAttempts)
    .values({
      key,
      failures: 1,
      first_failed_at: now,
      locked_until: config.loginMaxFailures <= 1 ? new Date(lockUntil) : null,
    })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: next,
        first_failed_at: sql`(case when ${stale} then ${nowIso}::timestamptz else ${loginAttempts.first_failed_at} end)`,
        locked_until: sql`(case when ${next} >= ${config.loginMaxFailures} then ${lockUntil}::timestamptz else null end)`,
      },
    });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

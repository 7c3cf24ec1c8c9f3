import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/index.ts';
import { loginAttempts, loginLimits } from '../db/schema.ts';

/**
 * Three limits on failed sign-ins, each answering 429 with Retry-After:
 * - one account from one address (login_attempts): LOGIN_MAX_FAILURES within the window lock
 *   it for LOGIN_LOCK_SECONDS; the end of a lock does not reset the count, so until the window
 *   has passed every further failure locks again at once;
 * - one account from anywhere (login_limits, "account <email>"): at most
 *   LOGIN_ACCOUNT_MAX_FAILURES in any hour, whatever the number of addresses (ASVS 2.2.1);
 * - one address whatever the email (login_limits, "address <ip or IPv6 /64>"): at most
 *   LOGIN_ADDRESS_MAX_FAILURES in any hour, so a spray of emails runs out too.
 */

/** The hour the account and address limits count over. */
export const LIMIT_WINDOW_MS = 3_600_000;

/** Seconds until the key may try again, or 0 when it is not locked. */
export async function lockedFor(db: Db, key: string, now: Date): Promise<number> {
  const rows = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key)).limit(1);
  const until = rows[0]?.locked_until;
  if (!until || until.getTime() <= now.getTime()) return 0;
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/**
 * Counts one failure of an account from an address in a single upsert (concurrent failures all
 * count). The count starts over only when the window has passed; reaching the maximum locks,
 * and so does every failure after it within the window.
 */
export async function recordFailure(db: Db, key: string, now: Date, config: Config): Promise<void> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - config.loginWindowSeconds * 1000).toISOString();
  const lockUntil = new Date(now.getTime() + config.loginLockSeconds * 1000).toISOString();
  const stale = sql`(${loginAttempts.first_failed_at} <= ${windowStart}::timestamptz)`;
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

/**
 * The address a limit counts: IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 by its
 * /64, since one machine is given a whole /64 and could otherwise use a new address per try.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16)).join(':')}::/64`;
}

export const accountLimitKey = (email: string) => `account ${email}`;
export const addressLimitKey = (address: string) => `address ${addressKey(address)}`;

/**
 * Takes one of the key's attempts for this hour (or `windowMs`: the public website's orders count a minute) before the password is checked, in one
 * statement under the row's lock, so concurrent attempts can never pass the limit together.
 * A failed attempt keeps it; a successful one gives it back (releaseAttempt). Refused: the
 * seconds until the oldest attempt that counts is an hour old.
 */
export async function reserveAttempt(db: Db, key: string, now: Date, max: number, windowMs = LIMIT_WINDOW_MS): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const nowIso = now.toISOString();
  const sinceIso = new Date(now.getTime() - windowMs).toISOString();
  const recent = sql`array(select t from unnest(${loginLimits.failed_at}) t where t > ${sinceIso}::timestamptz order by t)`;
  const taken = await db
    .insert(loginLimits)
    .values({ key, failed_at: [now] })
    .onConflictDoUpdate({
      target: loginLimits.key,
      set: { failed_at: sql`${recent} || ${nowIso}::timestamptz` },
      setWhere: sql`cardinality(${recent}) < ${max}`,
    })
    .returning({ key: loginLimits.key });
  if (taken.length) return { ok: true };
  const [row] = await db.select({ failed_at: loginLimits.failed_at }).from(loginLimits).where(eq(loginLimits.key, key));
  const times = (row?.failed_at ?? []).map((d) => new Date(d).getTime()).filter((t) => t > now.getTime() - windowMs).sort((a, b) => a - b);
  const frees = times[Math.max(0, times.length - max)] ?? now.getTime();
  return { ok: false, retryAfter: Math.max(1, Math.ceil((frees + windowMs - now.getTime()) / 1000)) };
}

/** Gives back one attempt taken at `at` (a successful sign-in, or one never checked). */
export async function releaseAttempt(db: Db, key: string, at: Date): Promise<void> {
  const pos = sql`array_position(${loginLimits.failed_at}, ${at.toISOString()}::timestamptz)`;
  await db
    .update(loginLimits)
    .set({ failed_at: sql`(${loginLimits.failed_at}[:${pos} - 1] || ${loginLimits.failed_at}[${pos} + 1:])` })
    .where(sql`${loginLimits.key} = ${key} and ${pos} is not null`);
}

/**
 * Wrong current passwords when changing one's password (PATCH /api/password), counted per account
 * with the sign-in's limits (reserveAttempt): a stolen session cannot guess the password it would
 * need to lock the owner out. A right password clears the count.
 */
export const PASSWORD_MAX_FAILURES = 5;
export const PASSWORD_WINDOW_MS = 15 * 60_000;
export const passwordLimitKey = (userId: number) => `password ${userId}`;

/** Forgets every attempt a key has counted (a success resets its limit). */
export async function clearLimit(db: Db | Tx, key: string): Promise<void> {
  await db.delete(loginLimits).where(eq(loginLimits.key, key));
}

/** "15 minutes", "1 minute", "40 seconds": how long until a refused attempt may be made again. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

import { sql } from 'drizzle-orm';
import { rowsOf } from '../crud/sql.ts';
import type { Db } from './index.ts';

/** How often the server checks its clock against the database's again. */
export const CLOCK_CHECK_MS = 10 * 60_000;

/**
 * The database's clock, read without a round trip each time: the difference between it and this
 * machine's clock, measured at start and every CLOCK_CHECK_MS (half the round trip counted as
 * the way there). Token expiry and sign-in windows read it, so servers whose clocks disagree
 * still agree on when a token ends or a lock lifts: they all count on the one database's time.
 */
export async function databaseClock(db: Db): Promise<{ now: () => Date; stop: () => void }> {
  let offset = 0;
  const measure = async () => {
    const before = Date.now();
    const [row] = await rowsOf<{ t: string | Date }>(db, sql`select clock_timestamp() as t`);
    const after = Date.now();
    if (row) offset = new Date(row.t).getTime() - (before + after) / 2;
  };
  await measure();
  const timer = setInterval(() => void measure().catch(() => {}), CLOCK_CHECK_MS);
  timer.unref();
  return { now: () => new Date(Date.now() + offset), stop: () => clearInterval(timer) };
}

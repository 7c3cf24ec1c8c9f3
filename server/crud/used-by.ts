import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/index.ts';

export interface UsedBy {
  /** Counts the rows that point at record `id`. */
  count: (db: Db | Tx, id: number) => Promise<number>;
  /** "3 customers" */
  what: (n: number) => string;
  /** How the record relates to them; default "is used by" (a category "has" subcategories). */
  verb?: string;
}

/** `select count(*) from t where col = id`, for usedBy. */
export const countWhere = (t: PgTable, col: PgColumn, what: (n: number) => string): UsedBy => ({
  count: async (db, id) => {
    const [r] = await db.select({ n: count() }).from(t).where(eq(col, id));
    return Number(r?.n ?? 0);
  },
  what,
});


/** What still uses record `id`, e.g. ["is used by 3 customers", "has 2 subcategories"]; [] when nothing. */
export async function usesOf(usedBy: readonly UsedBy[], db: Db | Tx, id: number): Promise<string[]> {
  const out: string[] = [];
  for (const u of usedBy) {
    const n = await u.count(db, id);
    if (n > 0) out.push(`${u.verb ?? 'is used by'} ${u.what(n)}`);
  }
  return out;
}

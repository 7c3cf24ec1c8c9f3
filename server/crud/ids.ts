import { count, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.ts';
import { validationError } from '../http/errors.ts';
import type { AnyTable } from './sql.ts';

/** The largest PostgreSQL `integer`: no id beyond it can exist, and PostgreSQL refuses to compare one. */
export const PG_INTEGER_MAX = 2_147_483_647;

/** A record id from the path, or undefined when it cannot name a record. */
export const parseId = (raw: string | undefined): number | undefined => {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= PG_INTEGER_MAX ? n : undefined;
};

/** 422 on `field` unless every id names a row of `t` (ids come deduplicated from idList). */
export async function checkIds(db: Db | Tx, t: AnyTable, ids: readonly number[], field: string, message: string): Promise<void> {
  if (ids.length === 0) return;
  const [r] = await db.select({ n: count() }).from(t).where(inArray(t.id, [...ids]));
  if (Number(r?.n ?? 0) !== new Set(ids).size) throw validationError({ [field]: [message] });
}

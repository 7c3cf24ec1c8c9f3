import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A column or an SQL expression: what a list sorts, searches or shows. */
export type Expr = PgColumn | SQL;
/** A table with an integer `id` primary key. */
export type AnyTable = PgTable & { id: PgColumn };

/**
 * `"table"."column"`. drizzle leaves columns unqualified in a query without joins, and inside a
 * correlated subquery an unqualified "id" means the subquery's own table, not the outer row.
 */
export const qualified = (c: PgColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

/** A correlated count for a list column: `(select count(*) from t where col = outer.id)`. */
export const countOf = (t: PgTable, col: PgColumn, outerId: PgColumn) =>
  sql<number>`(select count(*)::int from ${t} where ${qualified(col)} = ${qualified(outerId)})`;

/** `%text%` for ILIKE, with the user's % _ and \ matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * Case-insensitive contains for a column with a trigram index on lower(column) (schema.ts
 * lowerTrgm): `lower(col) LIKE lower(pattern)` finds what `col ILIKE pattern` finds, and the
 * index's recheck of each candidate row is a plain LIKE instead of ILIKE's case folding.
 */
export function lowerContains(col: Expr, pattern: string): SQL {
  const whole = sql`lower(${col}) like lower(${pattern})`;
  // Several words: the index looks up each word of three letters or more (%copper% and %kettle%)
  // and the whole text is checked on the rows found, kept off the index by `|| ''`. Given whole,
  // the index would also look up the trigrams that span a word's edge ("er ", " ke", "  k"),
  // whose long posting lists cost more than the words' own (2.6 against 3.9 ms for "Copper
  // Kettle" on the bench's 100,000 products). Each word is part of the text, so a row
  // containing the text contains every word: the same rows match.
  const words = pattern
    .slice(1, -1)
    .split(/\s+/)
    // Only words with a trigram of their own: one without ("a", "x-1") would make the index read all its entries.
    .filter((w) => /[\p{L}\p{N}]{3}/u.test(w));
  if (words.length < 2) return whole;
  return sql`(${sql.join(
    words.map((w) => sql`lower(${col}) like lower(${`%${w}%`})`),
    sql` and `,
  )} and (lower(${col}) || '') like lower(${pattern}))`;
}

/**
 * A page size (LIMIT) written into the statement instead of sent as a parameter, so that a
 * statement sent through `reusingPlan` can keep one plan: with LIMIT $n unknown, PostgreSQL's
 * generic plan expects a tenth of the table and is never chosen. An OFFSET stays a parameter
 * (drizzle leaves out OFFSET 0): writing it in would make a statement per page number.
 */
export function literalCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a row count: ${n}`);
  // Drizzle writes an SQL chunk where a LIMIT number goes (pg-core dialect: `limit ${limit}`).
  return sql.raw(String(n)) as unknown as number;
}

/**
 * Runs a query as a prepared statement. Drizzle sends ordinary queries unnamed (postgres-js
 * `prepare: false`), so PostgreSQL plans each one again: for the product list's six joins that
 * was 4.8 ms of planning for 0.3 ms of work on a quiet database, 10 ms per request at load 5
 * against 0.7 ms prepared with its LIMIT written in (measured through postgres-js). Prepared,
 * postgres-js keeps one named statement per connection and query text, and PostgreSQL reuses
 * its generic plan once that costs what a custom one does. PGlite ignores the name. Only for
 * query shapes that are few (a list's filters and sort, not values written into the text).
 */
export function reusingPlan<T>(query: { prepare(name: string): { execute(): Promise<T> } }): Promise<T> {
  return query.prepare('reused').execute();
}

/** The rows of a raw statement on either driver (postgres-js answers an array, PGlite `{ rows }`). */
export async function rowsOf<T>(db: { execute(query: SQL): PromiseLike<unknown> }, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as T[] | { rows: T[] };
  return Array.isArray(res) ? res : res.rows;
}

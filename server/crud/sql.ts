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

import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Row } from '../../domain/resource.ts';
import { ApiError } from '../http/errors.ts';
import type { AnyTable } from './sql.ts';

/** A record's version for optimistic locking: its last update time. */
export function etagOf(row: Row): string {
  const t = row.updated_at instanceof Date ? row.updated_at.getTime() : Date.parse(String(row.updated_at ?? ''));
  return `W/"${row.id}-${Number.isFinite(t) ? t : 0}"`;
}

/**
 * The new updated_at of a save: now, but always at least a millisecond after the last one, in
 * whole milliseconds, so two saves within the same millisecond still get different ETags.
 */
export const nextVersion = (table: AnyTable) => {
  const col = (table as unknown as { updated_at: PgColumn }).updated_at;
  return sql`date_trunc('milliseconds', greatest(clock_timestamp(), ${col} + interval '1 millisecond'))`;
};

/**
 * 409 'stale' when the client's If-Match names another version than `current` (read under a
 * row lock, so two saves from the same old copy cannot both pass). No header or `*`: no check.
 */
export function checkIfMatch(current: Row, ifMatch: string | undefined, one: string): void {
  if (ifMatch && ifMatch !== '*' && ifMatch !== etagOf(current)) {
    throw new ApiError(
      409,
      `Someone else changed this ${one} while you were editing it. Reload to see their changes, then make yours again.`,
      { code: 'stale' },
    );
  }
}

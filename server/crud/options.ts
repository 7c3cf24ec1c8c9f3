import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Permission } from '../../domain/permissions.ts';
import { SEARCH_MAX } from '../../domain/list-query.ts';
import type { Db } from '../db/index.ts';
import { route, type RouteDef } from '../http/context.ts';
import type { BoundResource } from './bound.ts';
import { PG_INTEGER_MAX } from './ids.ts';
import { withJoins } from './list-query.ts';
import { containsPattern, lowerContains } from './sql.ts';

/** The most choices one options request answers (a picker searches for the rest). */
export const OPTIONS_MAX = 50;

export const optionsQuery = z.strictObject({
  search: z.string().max(SEARCH_MAX, { error: `Use at most ${SEARCH_MAX} characters.` }).optional(),
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, { error: `Send up to ${OPTIONS_MAX} record ids separated by commas.` })
    .optional(),
});

/**
 * A child resource's options (attribute values) may be narrowed to one parent's; without it
 * they are everyone's (a product picks attribute values of every attribute).
 */
const optionsQueryOf = (b: BoundResource) => {
  const parent = b.res.def.parent;
  if (!parent) return optionsQuery;
  return optionsQuery.extend({
    [parent.field]: z.string().regex(/^\d{1,9}$/, { error: `Choose a ${parent.resource.replace(/s$/, '')} by its id.` }).optional(),
  });
};

/** id + label pairs (and the resource's optionFields), by label: those named by `ids`, or those whose label contains `search`. */
export async function optionsOf(db: Db, { res, view }: BoundResource, q: z.output<typeof optionsQuery> & Record<string, string | undefined>) {
  const parts: SQL[] = [];
  const { table } = res;
  const parent = res.def.parent;
  const parentId = parent ? q[parent.field] : undefined;
  if (parent && parentId !== undefined) parts.push(eq(view.own[parent.field]!, Number(parentId)));
  if (q.ids !== undefined) {
    const ids = q.ids.split(',').map(Number).filter((n) => n >= 1 && n <= PG_INTEGER_MAX);
    if (ids.length === 0) return [];
    parts.push(inArray(table.id, ids));
  }
  const labelExpr = res.label ?? view.own[res.def.titleField] ?? table.id;
  const search = q.search?.trim();
  // A label searched through an index on its lower case (the product name) is matched the same way.
  if (search) parts.push(view.searchLower?.includes(labelExpr) ? lowerContains(labelExpr, containsPattern(search)) : ilike(labelExpr, containsPattern(search)));
  const label = sql<string>`${labelExpr}`;
  return withJoins(db.select({ ...res.optionFields, id: table.id, label }).from(table).$dynamic(), view)
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(asc(label), asc(table.id))
    .limit(OPTIONS_MAX);
}

/** GET {api}/options: the choices of a relation field or filter. */
export const optionsRoute = (b: BoundResource, access: readonly Permission[]): RouteDef =>
  route('GET', `${b.res.def.api}/options`, access, {
    summary: `${b.One} choices for pickers`,
    query: optionsQueryOf(b),
    handler: async (c, input) => c.json({ data: await optionsOf(c.var.db, b, input.query() as z.output<typeof optionsQuery> & Record<string, string | undefined>) }, 200),
  });

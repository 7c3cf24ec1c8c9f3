import { and, count, eq, sql } from 'drizzle-orm';
import { apiListQuery, columnsBody, savedFilterBody } from '../../domain/api-list-query.ts';
import { SAVED_FILTERS_MAX, savedQueryString, type ListSettings, type SavedFilter } from '../../domain/list-query.ts';
import { listPreferences, savedFilters } from '../db/schema.ts';
import { route, type AppContext, type RouteDef } from '../http/context.ts';
import { ApiError, validationError } from '../http/errors.ts';
import type { BoundResource } from './bound.ts';
import { isUniqueViolation } from './db-errors.ts';
import { qualified, rowsOf } from './sql.ts';
import { parseId } from './ids.ts';
import { listWhere } from './list-query.ts';

/**
 * A person's own settings of one list, kept on the server per user so they follow them to any
 * browser: the columns they hid and their named filters. Whoever may see the list may keep
 * settings for it; nobody reads or changes another person's.
 */

const userId = (c: AppContext) => c.var.auth.row.id;

/** Both in one statement: every list's first load asks for them (a drawn page in the same request). */
async function settingsOf(c: AppContext, b: BoundResource): Promise<ListSettings> {
  const user = userId(c);
  const key = b.res.def.key;
  const [row] = await rowsOf<{ hidden: string[] | null; saved: SavedFilter[] }>(
    c.var.db,
    sql`select
      (select ${qualified(listPreferences.hidden_columns)} from ${listPreferences}
        where ${qualified(listPreferences.user_id)} = ${user} and ${qualified(listPreferences.resource)} = ${key}) as hidden,
      coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'query', f.query) order by f.name, f.id)
        from ${savedFilters} f where f.user_id = ${user} and f.resource = ${key}), '[]'::json) as saved`,
  );
  // A column removed from the definition since it was hidden is simply forgotten.
  const known = new Set(b.res.def.columns.map((col) => col.name));
  return { hidden_columns: (row?.hidden ?? []).filter((n) => known.has(n)), saved_filters: row?.saved ?? [] };
}

/** GET {api}/list-settings, PUT {api}/list-settings/columns, POST {api}/saved-filters, DELETE {api}/saved-filters/:id */
export function preferenceRoutes(b: BoundResource): RouteDef[] {
  const { def } = b.res;
  const access = def.permissions.list;
  const query = apiListQuery(def);
  return [
    route('GET', `${def.api}/list-settings`, access, {
      summary: `Your columns and saved filters of the ${def.label.many} list`,
      handler: async (c) => c.json({ data: await settingsOf(c, b) }, 200),
    }),
    route('PUT', `${def.api}/list-settings/columns`, access, {
      summary: `Choose the columns you see in the ${def.label.many} list`,
      body: columnsBody(def),
      handler: async (c, input) => {
        const { hidden } = await input.body();
        const now = c.var.now();
        await c.var.db
          .insert(listPreferences)
          .values({ user_id: userId(c), resource: def.key, hidden_columns: hidden, updated_at: now })
          .onConflictDoUpdate({ target: [listPreferences.user_id, listPreferences.resource], set: { hidden_columns: hidden, updated_at: now } });
        return c.json({ data: { hidden_columns: hidden }, message: 'Columns saved.' }, 200);
      },
    }),
    route('POST', `${def.api}/saved-filters`, access, {
      summary: `Save the search and filters of the ${def.label.many} list under a name`,
      body: savedFilterBody(def),
      handler: async (c, input) => {
        const body = await input.body();
        const { db } = c.var;
        const q = query.parse(Object.fromEntries(new URLSearchParams(body.query)));
        // A value the list would refuse when shown (a status that does not exist) is refused now.
        try {
          listWhere(b.view, q);
        } catch {
          throw validationError({ query: ['This filter cannot be saved: one of its values is not valid here.'] });
        }
        // Stored as the list writes it, so the list can tell which saved filter it shows.
        const normal = savedQueryString(def, q);
        const mine = and(eq(savedFilters.user_id, userId(c)), eq(savedFilters.resource, def.key));
        const [n] = await db.select({ n: count() }).from(savedFilters).where(mine);
        if (Number(n?.n ?? 0) >= SAVED_FILTERS_MAX) {
          throw validationError({ name: [`You can keep at most ${SAVED_FILTERS_MAX} saved filters per list. Delete one first.`] });
        }
        let saved: SavedFilter | undefined;
        try {
          [saved] = await db
            .insert(savedFilters)
            .values({ user_id: userId(c), resource: def.key, name: body.name, query: normal })
            .returning({ id: savedFilters.id, name: savedFilters.name, query: savedFilters.query });
        } catch (e) {
          if (isUniqueViolation(e)) throw validationError({ name: ['You already have a saved filter with this name.'] });
          throw e;
        }
        return c.json({ data: saved, message: `Filter “${body.name}” saved.` }, 201);
      },
    }),
    route('DELETE', `${def.api}/saved-filters/:id`, access, {
      summary: `Delete one of your saved filters of the ${def.label.many} list`,
      handler: async (c) => {
        const id = parseId(c.req.param('id'));
        const gone =
          id === undefined
            ? []
            : await c.var.db
                .delete(savedFilters)
                .where(and(eq(savedFilters.id, id), eq(savedFilters.user_id, userId(c)), eq(savedFilters.resource, def.key)))
                .returning({ name: savedFilters.name });
        if (!gone[0]) throw new ApiError(404, 'This saved filter does not exist. It may have been deleted.');
        return c.json({ message: `Filter “${gone[0].name}” deleted.` }, 200);
      },
    }),
  ];
}

import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SingletonDef } from '../../domain/resource.ts';
import { writeSchemas } from '../../domain/schema-kit.ts';
import { resourceByKey } from '../../domain/resources/index.ts';
import type { Db } from '../db/index.ts';
import { settings } from '../db/schema.ts';
import { route, type RouteDef } from '../http/context.ts';
import { validationError } from '../http/errors.ts';
import { checkIds, type AnyTable, type UsedBy } from '../crud/index.ts';
import { changesBetween, recordAudit } from '../audit/record.ts';
import { clientAddress } from '../http/client.ts';

/**
 * The def's defaults in the shape a saved setting has (blank text → null), field by field,
 * so a default the schema would refuse (an empty shop name) still fills its field.
 */
function defaultsOf(def: SingletonDef): Record<string, unknown> {
  const shape = (writeSchemas(def).create as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(def.defaults)) {
    const parsed = shape[k]?.safeParse(v);
    out[k] = parsed?.success ? parsed.data : v;
  }
  return out;
}

export async function readSetting(db: Db, def: SingletonDef): Promise<Record<string, unknown>> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, def.key));
  // Fields added after the setting was saved take their defaults.
  return { ...defaultsOf(def), ...(row?.value as Record<string, unknown> | undefined) };
}

/** GET and PUT of one setting; `tableOf` finds the table a relation field points at. */
export function settingRoutes(def: SingletonDef, tableOf: (key: string) => AnyTable | undefined): RouteDef[] {
  const schema = writeSchemas(def).create as z.ZodType<Record<string, unknown>>;
  return [
    route('GET', def.api, def.permission, {
      summary: `Read the ${def.label}`,
      handler: async (c) => c.json({ data: await readSetting(c.var.db, def) }, 200),
    }),
    route('PUT', def.api, def.permission, {
      summary: `Save the ${def.label}`,
      body: schema,
      handler: async (c, input) => {
        const body = await input.body();
        const { db } = c.var;
        await db.transaction(async (tx) => {
          for (const f of def.fields) {
            const table = f.relation ? tableOf(f.relation) : undefined;
            const v = body[f.name];
            if (!table || v === null || v === undefined) continue;
            const what = resourceByKey(f.relation!).label.one;
            await checkIds(tx, table, Array.isArray(v) ? v : [v as number], f.name, `This ${what} no longer exists. Choose another.`);
          }
          const before = await readSetting(tx, def);
          await tx
            .insert(settings)
            .values({ key: def.key, value: body })
            .onConflictDoUpdate({ target: settings.key, set: { value: body, updated_at: new Date() } });
          // Told in the same transaction, field by field; a save that changes nothing tells nothing.
          const changes = changesBetween(before, await readSetting(tx, def));
          if (Object.keys(changes).length) {
            await recordAudit(tx, {
              kind: 'setting_changed',
              actor: { userId: c.var.auth.row.id, address: clientAddress(c) },
              subject: { type: 'setting', label: def.label },
              summary: `${def.label} saved: ${Object.keys(changes).join(', ').replaceAll('_', ' ')} changed.`,
              changes,
            });
          }
        });
        return c.json({ data: await readSetting(db, def), message: `${def.label} saved.` }, 200);
      },
    }),
  ];
}

/** A record a setting points at (the POS default customer) cannot be deleted from under it. */
export function settingUsedBy(def: SingletonDef, field: string): UsedBy {
  return {
    count: async (db, id) => {
      const [r] = await db
        .select({ n: count() })
        .from(settings)
        .where(and(eq(settings.key, def.key), sql`${settings.value}->>${field} = ${String(id)}`));
      return Number(r?.n ?? 0);
    },
    what: () => `the ${def.label} (${def.fields.find((f) => f.name === field)?.label.toLowerCase() ?? field})`,
  };
}

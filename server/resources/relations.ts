import type { Permission } from '../../domain/permissions.ts';
import type { FieldDef, FilterDef } from '../../domain/resource.ts';
import { RESOURCES, SINGLETONS } from '../../domain/resources/index.ts';

const pointsAt = (key: string) => (f: FieldDef | FilterDef) => f.relation === key;

/**
 * Who may read a resource's picker options (`{api}/options`): whoever may list it, and whoever
 * may fill in a form that picks from it (a cashier editing a customer needs the category
 * names without the customer category screen). A filter that picks from it counts for the
 * list's own permission, since the filter sits on that list. Undefined when nothing points at it.
 */
export function optionsAccess(key: string): readonly Permission[] | undefined {
  const target = RESOURCES[key];
  if (!target) return undefined;
  const out = new Set<Permission>();
  for (const def of Object.values(RESOURCES)) {
    if (def.fields.some(pointsAt(key))) {
      out.add(def.permissions.create);
      out.add(def.permissions.edit);
    }
    if (def.filters.some(pointsAt(key))) out.add(def.permissions.list);
  }
  for (const def of Object.values(SINGLETONS)) {
    if (def.fields.some(pointsAt(key))) out.add(def.permission);
  }
  if (out.size === 0) return undefined;
  return [target.permissions.list, ...[...out].filter((p) => p !== target.permissions.list)];
}

import type { Permission } from '../../domain/permissions.ts';
import { SINGLETONS } from '../../domain/resources/index.ts';
import type { RouteDef } from '../http/context.ts';
import { permissionModuleResource, permissionResource, roleResource, userResource } from './administration.ts';
import { crudRoutes, type ServerResource } from '../crud/index.ts';
import { expenseCategoryResource, expenseResource } from './expense.ts';
import { customerCategoryResource, customerResource, supplierResource } from './people.ts';
import { attributeResource, attributeValueResource, brandResource, categoryResource, colorResource, unitResource } from './products.ts';
import { optionsAccess } from './relations.ts';
import { productResource, productUses } from './product.ts';
import { STOCK_ACCESS } from '../../domain/stock/access.ts';
import { PURCHASE_RIGHTS } from '../../domain/documents/purchase.ts';
import { POS_RIGHT } from '../../domain/pos/till.facts.ts';
import { AUDIT_RIGHT } from '../../domain/audit.ts';
import { settingRoutes, settingUsedBy } from './settings.ts';
import { bannerResource, serviceResource, solutionResource } from './website.ts';

/** Every simple resource the server serves; each becomes list/show/create/update/delete/bulk/export routes. */
export const SERVER_RESOURCES: readonly ServerResource[] = [
  userResource,
  roleResource,
  permissionModuleResource,
  permissionResource,
  customerCategoryResource,
  customerResource,
  supplierResource,
  categoryResource,
  brandResource,
  attributeResource,
  attributeValueResource,
  colorResource,
  unitResource,
  productResource,
  expenseCategoryResource,
  expenseResource,
  serviceResource,
  bannerResource,
  solutionResource,
];

/** Pickers of resources no resource form points at yet: the stock screen picks products. */
/**
 * Pickers outside the resource definitions: products for stock screens; suppliers for a
 * purchase's supplier and the purchase list's supplier filter (purchases are documents, not
 * resources, so relations.ts does not see them).
 */
const EXTRA_OPTIONS_ACCESS: Record<string, readonly Permission[]> = {
  products: STOCK_ACCESS.productOptions,
  suppliers: ['supplier list', PURCHASE_RIGHTS.list, PURCHASE_RIGHTS.create, PURCHASE_RIGHTS.edit],
  // The till's customer picker.
  customers: [POS_RIGHT],
  // The audit trail's person filter (and whoever sees the users anyway).
  users: ['user list', AUDIT_RIGHT],
};
/** Who may read a resource's options: those its relations give (optionsAccess), and those named above. */
const optionsReaders = (key: string) => {
  const all = [...(optionsAccess(key) ?? []), ...(EXTRA_OPTIONS_ACCESS[key] ?? [])];
  return all.length ? [...new Set(all)] : undefined;
};

const byKey = new Map(SERVER_RESOURCES.map((r) => [r.def.key, r]));

/** Settings that point at a record keep it from being deleted (e.g. the POS default customer). */
function withSettingUses(res: ServerResource): ServerResource {
  const uses = Object.values(SINGLETONS).flatMap((s) =>
    s.fields.filter((f) => f.relation === res.def.key).map((f) => settingUsedBy(s, f.name)),
  );
  return uses.length ? { ...res, usedBy: [...(res.usedBy ?? []), ...uses] } : res;
}

/** Products keep their category, brand, unit, colour and attribute values; movements keep who made them. */
function withProductUses(res: ServerResource): ServerResource {
  const uses = productUses(res.def.key);
  return uses.length ? { ...res, usedBy: [...(res.usedBy ?? []), ...uses] } : res;
}

export const resourceRoutes: RouteDef[] = [
  ...SERVER_RESOURCES.flatMap((res) =>
    crudRoutes(withProductUses(withSettingUses(res)), { optionsAccess: optionsReaders(res.def.key) }),
  ),
  ...Object.values(SINGLETONS).flatMap((def) => settingRoutes(def, (key) => byKey.get(key)?.table)),
];

import { asc } from 'drizzle-orm';
import { permissionModules, permissions } from '../db/schema.ts';
import { route, type RouteDef } from '../http/context.ts';

export const permissionRoutes: RouteDef[] = [
  // Modules with their permissions, in table order (the role screen's grid reads this).
  route('GET', '/api/v1/admin/permissions', 'permission list', async (c) => {
    const { db } = c.var;
    const mods = await db
      .select({ id: permissionModules.id, name: permissionModules.name })
      .from(permissionModules)
      .orderBy(asc(permissionModules.id));
    const perms = await db
      .select({ id: permissions.id, name: permissions.name, module_id: permissions.module_id })
      .from(permissions)
      .orderBy(asc(permissions.id));
    const data = mods.map((m) => ({
      ...m,
      permissions: perms.filter((p) => p.module_id === m.id).map(({ id, name }) => ({ id, name })),
    }));
    return c.json({ data }, 200);
  }),
];

import type { RouteDef } from '../http/context.ts';
import { bindResource } from './bound.ts';
import { exportRoute } from './export.ts';
import { listRoute } from './list.ts';
import { optionsRoute } from './options.ts';
import { preferenceRoutes } from './preferences.ts';
import { bulkDeleteRoute, deleteRoute } from './remove.ts';
import { showRoute } from './show.ts';
import type { CrudOptions, ServerResource } from './types.ts';
import { createRoute, updateRoute } from './write.ts';

/**
 * list/show/create/update/delete/bulk-delete/export for one resource, the person's own list
 * settings (columns, saved filters), plus `{api}/options` (id + label pairs for pickers) when
 * `optionsAccess` is given. Fixed paths come before `{api}/:id`, so they are never taken for an id.
 */
export function crudRoutes(res: ServerResource, opts: CrudOptions = {}): RouteDef[] {
  const b = bindResource(res);
  return [
    listRoute(b),
    exportRoute(b),
    bulkDeleteRoute(b),
    ...preferenceRoutes(b),
    ...(opts.optionsAccess ? [optionsRoute(b, opts.optionsAccess)] : []),
    ...(res.routes ?? []),
    showRoute(b),
    createRoute(b),
    updateRoute(b),
    deleteRoute(b),
  ];
}

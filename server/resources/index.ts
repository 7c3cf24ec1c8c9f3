import type { RouteDef } from '../http/context.ts';
import { crudRoutes, type ServerResource } from './crud.ts';
import { customerCategoryResource, customerResource, supplierResource } from './people.ts';

/** Every simple resource the server serves; each becomes list/show/create/update/delete/bulk/export routes. */
export const SERVER_RESOURCES: readonly ServerResource[] = [customerCategoryResource, customerResource, supplierResource];

export const resourceRoutes: RouteDef[] = SERVER_RESOURCES.flatMap(crudRoutes);

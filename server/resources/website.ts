import { eq } from 'drizzle-orm';
import * as R from '../../domain/resources/index.ts';
import type { ResourceDef } from '../../domain/resource.ts';
import { banners, services, solutions } from '../db/schema.ts';
import { serverResource, type BodySchema, type ServerResource } from '../crud/index.ts';

type ContentTable = typeof services | typeof banners | typeof solutions;

/** Services, banners and solutions: one shape, one binding. */
const content = <S extends BodySchema>(def: ResourceDef<S>, table: ContentTable): ServerResource<S> =>
  serverResource({
    def,
    table,
    sort: { sort_order: table.sort_order, title: table.title, active: table.active },
    search: [table.title],
    filters: { active: (v) => (v === 'true' || v === 'false' ? eq(table.active, v === 'true') : undefined) },
  });

export const serviceResource = content(R.services, services);
export const bannerResource = content(R.banners, banners);
export const solutionResource = content(R.solutions, solutions);

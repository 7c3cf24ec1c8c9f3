import { eq } from 'drizzle-orm';
import * as R from '../../domain/resources/index.ts';
import type { ResourceDef } from '../../domain/resource.ts';
import { banners, services, solutions } from '../db/schema.ts';
import type { ServerResource } from './crud.ts';

type ContentTable = typeof services | typeof banners | typeof solutions;

/** Services, banners and solutions: one shape, one binding. */
const content = (def: ResourceDef, table: ContentTable): ServerResource => ({
  def,
  table,
  sort: { sort_order: table.sort_order, title: table.title, active: table.active },
  search: [table.title],
  filters: { active: (v) => (v === 'true' || v === 'false' ? eq(table.active, v === 'true') : undefined) },
});

export const serviceResource = content(R.services as unknown as ResourceDef, services);
export const bannerResource = content(R.banners as unknown as ResourceDef, banners);
export const solutionResource = content(R.solutions as unknown as ResourceDef, solutions);

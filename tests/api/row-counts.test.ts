import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products as P, units as UN } from '../../domain/resources/index.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * An unfiltered product list reads its total from row_counts, which statement triggers keep
 * equal to the table's rows whoever writes (migration 0010): the API, a multi-row INSERT, a
 * DELETE, an INSERT that adds nothing, a TRUNCATE.
 */

let h: Harness;
let api: Client;
let unitId: number;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
});
afterAll(() => h?.close());

/** The one number a query answers (PGlite gives { rows }, postgres-js the rows themselves). */
const one = async (query: ReturnType<typeof sql>) => {
  const result = (await h.db.execute(query)) as unknown as { rows?: { n: unknown }[] } & { n: unknown }[];
  return Number((result.rows ?? result)[0]?.n);
};
const counted = () => one(sql`select n from row_counts where table_name = 'products'`);
const actual = () => one(sql`select count(*) as n from products`);
const listTotal = async (q: Record<string, string> = {}) => {
  const res = await api.get(P.api, q);
  expect(res.status, res.text).toBe(200);
  return res.body.meta.total as number;
};
const expectInStep = async () => {
  const n = await actual();
  expect(await counted()).toBe(n);
  expect(await listTotal()).toBe(n);
};

let made = 0;
const make = () => api.create(P.api, { name: `Counted ${++made}`, sku: `CNT-${made}`, unit_id: unitId, sale_price: 100 });

describe('row counts', () => {
  it('follow products made and deleted through the API', async () => {
    await expectInStep();
    const a = await make();
    await make();
    await expectInStep();
    expect((await api.del(`${P.api}/${a.id}`)).status).toBeLessThan(300);
    await expectInStep();
  });

  it('follow set-based writes: a multi-row INSERT, an INSERT that adds nothing, a DELETE of many', async () => {
    await h.db.execute(sql`insert into products (name, sku, unit_id, sale_price) select 'Bulk ' || g, 'BULK-' || g, ${unitId}, 100 from generate_series(1, 250) g`);
    await expectInStep();
    await h.db.execute(sql`insert into products (name, sku, unit_id, sale_price) values ('Again', 'BULK-1', ${unitId}, 100) on conflict do nothing`);
    await expectInStep();
    await h.db.execute(sql`delete from products where sku like 'BULK-%' and sku <> 'BULK-7'`);
    await expectInStep();
    // A filtered list still counts its matches.
    expect(await listTotal({ search: 'BULK-7' })).toBe(1);
  });

  it('the unfiltered list reads row_counts; a filtered one counts', async () => {
    const n = await actual();
    await h.db.execute(sql`update row_counts set n = n + 1000 where table_name = 'products'`);
    try {
      expect(await listTotal()).toBe(n + 1000);
      expect(await listTotal({ status: 'active' })).toBe(n);
    } finally {
      await h.db.execute(sql`update row_counts set n = n - 1000 where table_name = 'products'`);
    }
  });

  it('is never negative, and a TRUNCATE sets it to 0', async () => {
    await expect(h.db.execute(sql`update row_counts set n = -1 where table_name = 'products'`)).rejects.toThrow();
    await h.db.execute(sql`truncate products cascade`);
    expect(await counted()).toBe(0);
    expect(await listTotal()).toBe(0);
    await make();
    await expectInStep();
  });
});

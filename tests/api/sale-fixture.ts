import { afterAll, beforeAll, expect } from 'vitest';
import { customers as C, products as P, units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/** What a sales test file starts from: its own database, the admin's client, a unit and a customer (set once the file's beforeAll has run). */
export interface SaleFixture {
  h: Harness;
  api: Client;
  unitId: number;
  customerId: number;
}

/** Declares the file's beforeAll and afterAll; read the fields inside tests. `when` false: none (a PostgreSQL-only file on PGlite). */
export function saleFixture(customerName: string, when = true): SaleFixture {
  const f = {} as SaleFixture;
  beforeAll(async () => {
    if (!when) return;
    f.h = await createHarness();
    f.api = client(f.h, await f.h.tokenFor('admin@example.com'));
    f.unitId = (await f.api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
    f.customerId = (await f.api.create(C.api, { name: customerName })).id;
  });
  afterAll(() => f.h?.close());
  return f;
}

let made = 0;
/** A product of the fixture's unit (its name and SKU numbered, `fields` over them) with `stock` units on hand at `unitCost`. */
export async function stockedProduct(f: SaleFixture, stock: number, fields: Record<string, unknown> = {}, unitCost = 800): Promise<any> {
  made++;
  const p = await f.api.create(P.api, { name: `Ware ${made}`, sku: `WARE-${made}`, unit_id: f.unitId, sale_price: 2500, cost_price: 1000, ...fields });
  if (stock) {
    const res = await f.api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: stock, reason: 'opening', unit_cost: unitCost });
    expect(res.status, res.text).toBe(201);
  }
  return p;
}

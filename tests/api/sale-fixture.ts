import { afterAll, beforeAll } from 'vitest';
import { customers as C, units as UN } from '../../domain/resources/index.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/** What a sales test file starts from: its own database, the admin's client, a unit and a customer (set once the file's beforeAll has run). */
export interface SaleFixture {
  h: Harness;
  api: Client;
  unitId: number;
  customerId: number;
}

/** Declares the file's beforeAll and afterAll; read the fields inside tests. */
export function saleFixture(customerName: string): SaleFixture {
  const f = {} as SaleFixture;
  beforeAll(async () => {
    f.h = await createHarness();
    f.api = client(f.h, await f.h.tokenFor('admin@example.com'));
    f.unitId = (await f.api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
    f.customerId = (await f.api.create(C.api, { name: customerName })).id;
  });
  afterAll(() => f.h?.close());
  return f;
}

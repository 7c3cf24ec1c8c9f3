import { describe, expect, it } from 'vitest';
import { QUOTATIONS_API } from '../../domain/documents/quotation.ts';
import { SALES_API } from '../../domain/documents/sale.ts';
import { saleFixture, stockedProduct } from './sale-fixture.ts';

/**
 * Converts racing on PostgreSQL, where requests really run at the same time. PGlite runs one
 * query at a time, so there this would prove nothing: skipped; CI's api-postgres step runs it.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('quotations-concurrency: skipped on PGlite, which runs one query at a time; set TEST_DATABASE_URL to race on PostgreSQL.');

const f = saleFixture('Rita Racing', onPostgres);

describe.skipIf(!onPostgres)('concurrent converts on PostgreSQL', () => {
  it('10 concurrent converts of one accepted quotation: one pending sale, nine 409s naming it', async () => {
    const p = await stockedProduct(f, 0);
    const made = await f.api.post(QUOTATIONS_API, { customer_id: f.customerId, quoted_on: '2025-06-01', valid_until: '2999-12-31', lines: [{ product_id: p.id, quantity: 3 }] });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id;
    for (const s of ['send', 'accept']) expect((await f.api.post(`${QUOTATIONS_API}/${id}/${s}`, {})).status).toBe(200);
    const all = await Promise.all(Array.from({ length: 10 }, () => f.api.post(`${QUOTATIONS_API}/${id}/convert`, {})));
    const won = all.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    const sale = won[0]!.body.data;
    const refused = all.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual(Array(9).fill(409));
    for (const r of refused) expect(r.body.message).toContain(`it is sale ${sale.reference}`);
    const sales = (await f.api.get(`${SALES_API}?customer_id=${f.customerId}`)).body.data;
    expect(sales.map((s: { id: number }) => s.id)).toEqual([sale.id]);
  });
});

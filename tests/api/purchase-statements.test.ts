import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASES_API } from '../../domain/documents/purchase.ts';
import { products as P, suppliers as S, units as UN } from '../../domain/resources/index.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * How many statements a receipt sends: a fixed few whatever its number of lines (the lines'
 * received counts in one UPDATE, the stock in a few ledger statements, the answer in one read),
 * and the same with an Idempotency-Key plus the key's claim and its stored answer.
 */

let h: Harness;
let api: Client;
let supplierId: number;
const productIds: number[] = [];

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  const unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  supplierId = (await api.create(S.api, { name: 'Counted Supplies' })).id;
  for (let i = 0; i < 20; i++) productIds.push((await api.create(P.api, { name: `Counted ${i}`, sku: `CNT-${i}`, unit_id: unitId, sale_price: 900, cost_price: 100 + i })).id);
});
afterAll(() => h?.close());

const order = async (lines: number) => {
  const res = await api.post(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2026-03-01', lines: productIds.slice(0, lines).map((product_id) => ({ product_id, quantity: 5, unit_cost: 250 })) });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};

/**
 * The session check; the purchase locked; its lines with their products; the received counts;
 * the ledger's products, levels (made and locked in one), levels moved and movements; the
 * purchase's totals and status; its history and its audit event (issue 36); the answer.
 */
const RECEIPT_STATEMENTS = 12;

describe('receiving sends', () => {
  it.each([2, 20])(`${RECEIPT_STATEMENTS} statements for everything still to come on %i lines`, async (lines) => {
    const doc = await order(lines);
    const { result, statements } = await h.statementsOf(() => api.post(`${PURCHASES_API}/${doc.id}/receive`, {}));
    expect(result.status, result.text).toBe(200);
    expect(result.body.data.status).toBe('received');
    expect(result.body.data.lines.every((l: any) => l.received === 5 && l.to_receive === 0)).toBe(true);
    expect(statements, statements.join('\n')).toHaveLength(RECEIPT_STATEMENTS);
  });

  it('the same for part of some lines, named in any order', async () => {
    const doc = await order(20);
    const [a, b, c] = [doc.lines[7], doc.lines[2], doc.lines[12]];
    const body = { lines: [a, b, c].map((l: any) => ({ line_id: l.id, quantity: 2 })) };
    const { result, statements } = await h.statementsOf(() => api.post(`${PURCHASES_API}/${doc.id}/receive`, body));
    expect(result.status, result.text).toBe(200);
    expect(result.body.data.status).toBe('partial');
    expect(result.body.data.lines.map((l: any) => l.received)).toEqual(doc.lines.map((_: any, i: number) => ([2, 7, 12].includes(i) ? 2 : 0)));
    expect(statements, statements.join('\n')).toHaveLength(RECEIPT_STATEMENTS);
  });

  it('two more with an Idempotency-Key (its claim and its stored answer), and one more for a replay', async () => {
    const doc = await order(20);
    const headers = { 'Idempotency-Key': `count-${doc.id}` };
    const first = await h.statementsOf(() => api.post(`${PURCHASES_API}/${doc.id}/receive`, {}, headers));
    expect(first.result.status, first.result.text).toBe(200);
    expect(first.statements).toHaveLength(RECEIPT_STATEMENTS + 2);
    const again = await h.statementsOf(() => api.post(`${PURCHASES_API}/${doc.id}/receive`, {}, headers));
    expect(again.result.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.result.text).toBe(first.result.text);
    expect(again.statements).toHaveLength(3);
  });
});

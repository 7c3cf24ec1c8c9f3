import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASES_API } from '../../domain/documents/purchase.ts';
import { products as P, suppliers as S, units as UN } from '../../domain/resources/index.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * The purchase list's count and totals come from the tallies the database keeps (migration
 * 0010) for the filters they key, and must say what a plain aggregate over the purchases says:
 * after every step of random sequences of create, edit, receive, pay, cancel and return, the
 * tally tables hold exactly the purchases' GROUP BY, and the list's answer for every filter
 * shape equals a sum over the purchases themselves. Also: how many statements the list and a
 * receipt send. PURCHASE_TALLY_RUNS sets the number of sequences (default 12); FC_SEED replays one.
 */

const RUNS = Number(process.env.PURCHASE_TALLY_RUNS ?? 12);
const SEED = Number(process.env.FC_SEED ?? 20_261_011);
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-15'] as const;

let h: Harness;
let api: Client;
let unitId: number;
const supplierIds: number[] = [];
const productIds: number[] = [];

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  for (const name of ['Ada Supplies', 'Bob Wholesale', 'Cy Traders']) supplierIds.push((await api.create(S.api, { name })).id);
  for (let i = 0; i < 2; i++) productIds.push((await api.create(P.api, { name: `Tallied ${i}`, sku: `TAL-${i}`, unit_id: unitId, sale_price: 900, cost_price: 400 + i })).id);
});
afterAll(() => h?.close());

async function rowsOf<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  const res = await h.db.execute(query);
  return (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as T[];
}

interface Doc {
  supplier_id: number;
  purchased_on: string;
  status: string;
  payment_status: string;
  grand_total: number;
  paid: number;
}

const documents = async () =>
  (
    await rowsOf<Doc>(sql`select supplier_id, purchased_on::text as purchased_on, status, payment_status, grand_total::float8 as grand_total, paid::float8 as paid from purchases`)
  ).map((d) => ({ ...d, grand_total: Number(d.grand_total), paid: Number(d.paid) }));

/** The filter shapes a list sends: those the tallies answer, and two that count the rows. */
function shapes(): Record<string, string>[] {
  const [a, b] = supplierIds.map(String) as [string, string];
  return [
    {},
    { status: 'ordered' },
    { payment_status: 'partial' },
    { status: 'received', payment_status: 'paid' },
    { supplier_id: a },
    { supplier_id: b, status: 'partial' },
    { supplier_id: a, payment_status: 'due' },
    { supplier_id: a, status: 'received', payment_status: 'partial' },
    { purchased_on_from: DAYS[1], purchased_on_to: DAYS[2] },
    { purchased_on_from: DAYS[1] },
    { purchased_on_to: DAYS[1], status: 'cancelled' },
    { purchased_on_from: DAYS[0], purchased_on_to: DAYS[0], payment_status: 'paid' },
    { purchased_on_from: DAYS[0], purchased_on_to: DAYS[2], status: 'returned', payment_status: 'due' },
    // Counted over the rows: a party and a date range together, and a search.
    { supplier_id: a, purchased_on_from: DAYS[1] },
    { search: 'PO-' },
  ];
}

const matches = (d: Doc, f: Record<string, string>) =>
  (f.supplier_id === undefined || d.supplier_id === Number(f.supplier_id)) &&
  (f.status === undefined || d.status === f.status) &&
  (f.payment_status === undefined || d.payment_status === f.payment_status) &&
  (f.purchased_on_from === undefined || d.purchased_on >= f.purchased_on_from) &&
  (f.purchased_on_to === undefined || d.purchased_on <= f.purchased_on_to);

/** What the tallies must hold: the purchases grouped by each key (rows that net to nothing left out). */
async function expectTalliesEqualPurchases() {
  const kept = (table: string, key: string) =>
    rowsOf(sql.raw(`select ${key}::text as key, status, payment_status, docs::int as docs, grand_total::float8 as grand_total, paid::float8 as paid
      from ${table} where doc_type = 'purchase' and (docs <> 0 or grand_total <> 0 or paid <> 0) order by 1, 2, 3`));
  const grouped = (key: string) =>
    rowsOf(sql.raw(`select ${key}::text as key, status, payment_status, count(*)::int as docs, sum(grand_total)::float8 as grand_total, sum(paid)::float8 as paid
      from purchases group by 1, 2, 3 order by 1, 2, 3`));
  // What a transaction staged was added at its commit and is gone.
  expect(await rowsOf(sql`select txid from document_tally_changes union all select txid from document_tally_commits`)).toEqual([]);
  expect(await kept('document_tallies_by_party', 'party_id')).toEqual(await grouped('supplier_id'));
  expect(await kept('document_tallies_by_day', 'day')).toEqual(await grouped('purchased_on'));
}

async function expectListsEqualPurchases(step: string) {
  const docs = await documents();
  for (const f of shapes()) {
    const res = await api.get(PURCHASES_API, { per_page: 10, ...f });
    expect(res.status, res.text).toBe(200);
    const hit = f.search === undefined ? docs.filter((d) => matches(d, f)) : docs;
    const grand_total = hit.reduce((s, d) => s + d.grand_total, 0);
    const paid = hit.reduce((s, d) => s + d.paid, 0);
    expect({ total: res.body.meta.total, totals: res.body.totals }, `${step} ${JSON.stringify(f)}`).toEqual({
      total: hit.length,
      totals: { grand_total, paid, due: grand_total - paid },
    });
  }
}

const lineArb = fc.record({ product: fc.nat(1), quantity: fc.integer({ min: 1, max: 5 }), unit_cost: fc.integer({ min: 0, max: 5_000 }) });
const createArb = fc.record({ op: fc.constant('create' as const), supplier: fc.nat(2), day: fc.nat(2), lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }), receive: fc.boolean() });
const stepArb = fc.oneof(
  createArb,
  fc.record({ op: fc.constant('edit' as const), which: fc.nat(), supplier: fc.nat(2), day: fc.nat(2) }),
  fc.record({ op: fc.constant('receive' as const), which: fc.nat(), all: fc.boolean() }),
  fc.record({ op: fc.constant('pay' as const), which: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ op: fc.constant('cancel' as const), which: fc.nat() }),
  fc.record({ op: fc.constant('return' as const), which: fc.nat() }),
);
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

/** Runs one step; a refusal (409, 422: nothing to receive, already cancelled) is a step too. */
async function run(step: Step, ids: number[]): Promise<void> {
  const ok = [200, 201, 409, 422];
  if (step.op === 'create') {
    const lines = step.lines.map((l) => ({ product_id: productIds[l.product]!, quantity: l.quantity, unit_cost: l.unit_cost }));
    const res = await api.post(PURCHASES_API, { supplier_id: supplierIds[step.supplier], purchased_on: DAYS[step.day], lines, receive: step.receive });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.data.id);
    return;
  }
  const id = ids[step.which % ids.length]!;
  const doc = (await api.get(`${PURCHASES_API}/${id}`)).body.data;
  let res;
  if (step.op === 'edit') {
    const lines = doc.lines.map((l: any) => ({ product_id: l.product_id, quantity: l.quantity, unit_cost: l.unit_cost }));
    res = await api.put(`${PURCHASES_API}/${id}`, { supplier_id: supplierIds[step.supplier], purchased_on: DAYS[step.day], lines });
  } else if (step.op === 'receive') {
    const first = doc.lines.find((l: any) => l.to_receive > 0) ?? doc.lines[0];
    res = await api.post(`${PURCHASES_API}/${id}/receive`, step.all ? {} : { lines: [{ line_id: first.id, quantity: 1 }] });
  } else if (step.op === 'pay') {
    res = await api.post(`${PURCHASES_API}/${id}/payments`, { paid_on: DAYS[2], amount: Math.max(1, Math.floor((doc.due * step.share) / 100)), method: 'cash' });
  } else if (step.op === 'cancel') {
    res = await api.post(`${PURCHASES_API}/${id}/cancel`, {});
  } else {
    const back = doc.lines.find((l: any) => l.returnable > 0) ?? doc.lines[0];
    res = await api.post(`${PURCHASES_API}/${id}/return`, { lines: [{ line_id: back.id, quantity: 1 }] });
  }
  expect(ok, `${step.op} ${res.text}`).toContain(res.status);
}

describe('purchase tallies', () => {
  it('hold what a plain aggregate over the purchases says, for every filter shape, after every step of random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(createArb, fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (first, steps) => {
        const ids: number[] = [];
        for (const [i, step] of [first, ...steps].entries()) {
          await run(step, ids);
          await expectTalliesEqualPurchases();
          await expectListsEqualPurchases(`step ${i} (${step.op})`);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 600_000);

  it('answer the list from the tallies when the filter allows, and from the purchases otherwise, with the page in one statement', async () => {
    const a = String(supplierIds[0]);
    const cases: [Record<string, string>, string | undefined][] = [
      [{}, 'document_tallies_by_party'],
      [{ supplier_id: a, status: 'received' }, 'document_tallies_by_party'],
      [{ purchased_on_from: DAYS[0], purchased_on_to: DAYS[1], payment_status: 'due' }, 'document_tallies_by_day'],
      [{ supplier_id: a, purchased_on_from: DAYS[0] }, undefined],
    ];
    for (const [query, table] of cases) {
      const { result, statements } = await h.statementsOf(() => api.get(PURCHASES_API, query));
      expect(result.status, result.text).toBe(200);
      // The session check, then the page with its count and totals riding along.
      expect(statements, JSON.stringify(query)).toHaveLength(2);
      const page = statements[1]!;
      expect(page.includes('document_tallies_by_party'), JSON.stringify(query)).toBe(table === 'document_tallies_by_party');
      expect(page.includes('document_tallies_by_day'), JSON.stringify(query)).toBe(table === 'document_tallies_by_day');
    }
    // A search is summed over its matches (one statement for the page's ids, count and totals, one for its rows).
    const search = await h.statementsOf(() => api.get(PURCHASES_API, { search: 'PO-' }));
    const all = (await api.get(PURCHASES_API, {})).body;
    expect(search.result.body.meta.total).toBe(all.meta.total);
    expect(search.result.body.totals).toEqual(all.totals);
    expect(search.statements).toHaveLength(3);
    expect(search.statements.join('\n')).not.toContain('document_tallies');
  });

  it('refuse a filter value that is not valid before any tally is read (422, not 500)', async () => {
    const bad: Record<string, string>[] = [{ supplier_id: 'x' }, { status: 'lost' }, { purchased_on_from: '2026-02-30' }];
    for (const query of bad) {
      const res = await api.get(PURCHASES_API, query);
      expect(res.status, res.text).toBe(422);
    }
  });
});

/**
 * Pages that start from what their loader got (src/pages/loaders/): a purchase's page and the
 * stock page. Given the data, their machines start shown with it and ask the API for nothing
 * (an API whose every call fails the test); without it, they load by themselves as before, at
 * the same address the loader asks. The real providers are driven, with a fake API and
 * navigation, so the wiring is what runs in the browser.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ListResponse } from '../../domain/list-query.ts';
import type { ListFirst } from '../../machines/list/list.machine.ts';
import { selectPhase } from '../../machines/list/list.selectors.ts';
import { selectRecord } from '../../machines/record.machine.ts';
import { purchaseApi } from '../../machines/purchases/purchase.kind.ts';
import type { AppSystem } from '../../src/app/system.ts';
import { purchases } from '../../src/pages/loaders/documents.ts';
import type { PurchaseDoc } from '../../machines/purchases/purchase-view.selectors.ts';
import { loadStock } from '../../src/pages/loaders/stock.ts';
import { documentRecordMachine } from '../../src/resources/document-providers.ts';
import { embeddedListMachine } from '../../src/resources/stock-providers.ts';
import { LEDGER, NO_ABILITIES, STOCK_LEVELS } from '../../src/screens/stock/list-defs.ts';
import { Coverage } from './coverage.ts';
import { orderedPurchase } from './purchase-fixture.ts';

/** A purchase's page data: the purchase as GET answers it, with its ETag. */
type PurchaseData = PurchaseDoc & { etag: string };
const loadPurchase = purchases.record;

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An API that answers each address from `answers` and records what was asked; an address it has no answer for fails. */
function fakeApi(answers: Record<string, () => unknown> = {}) {
  const asked: string[] = [];
  const call = <T,>(path: string): Promise<T> => {
    asked.push(path);
    const answer = answers[path];
    return answer ? Promise.resolve().then(() => answer() as T) : Promise.reject(new Error(`unexpected call: GET ${path}`));
  };
  return { asked, api: { call } };
}

/** The parts of the app system these pages' providers and loaders use. */
function fakeSystem(answers?: Record<string, () => unknown>) {
  const { asked, api } = fakeApi(answers);
  const told: unknown[] = [];
  const system = {
    api,
    navigation: { send: (e: unknown) => told.push(e) },
    notify: () => {},
    locale: 'en-GB',
    auth: { getSnapshot: () => ({ context: { user: null } }) },
  } as unknown as AppSystem;
  return { system, asked, told };
}

const PURCHASE: PurchaseData = orderedPurchase([]);
const { etag, ...PURCHASE_BODY } = PURCHASE;
const PURCHASE_URL = '/api/v1/admin/purchases/12';
const NAMED = { type: 'page.named', path: purchaseApi.href(12), name: 'PO-000012' };

const docCoverage = new Coverage('record', documentRecordMachine(fakeSystem().system, purchaseApi));

describe("a purchase's page starts from its loader's data", () => {
  const purchasePage = (system: AppSystem, data?: PurchaseData) =>
    createActor(documentRecordMachine(system, purchaseApi), { input: { id: '12', data: data && { ...data } }, inspect: docCoverage.inspect }).start();

  it('given the purchase, it is shown at once, names the page and asks nothing', async () => {
    const { system, asked, told } = fakeSystem();
    const actor = purchasePage(system, PURCHASE);
    expect(selectRecord(actor.getSnapshot())).toMatchObject({ phase: 'shown', data: PURCHASE, error: null });
    expect(told).toEqual([NAMED]);
    await settled();
    expect(asked).toEqual([]);
    actor.stop();
  });

  it('without it, it loads the purchase from the address the loader asks, then shows and names it', async () => {
    const { system, asked, told } = fakeSystem({ [PURCHASE_URL]: () => ({ data: PURCHASE_BODY, etag }) });
    const actor = purchasePage(system);
    expect(selectRecord(actor.getSnapshot()).phase).toBe('loading');
    expect(told).toEqual([]);
    await settled();
    expect(asked).toEqual([PURCHASE_URL]);
    expect(selectRecord(actor.getSnapshot())).toMatchObject({ phase: 'shown', data: PURCHASE, error: null });
    expect(told).toEqual([NAMED]);
    // Asked to reload (the record machine's, which every record page shares), it asks again.
    actor.send({ type: 'record.reload' });
    await settled();
    expect(asked).toEqual([PURCHASE_URL, PURCHASE_URL]);
    actor.stop();

    // The loader asks the same address and hands over the same purchase, ETag included.
    const loader = fakeSystem({ [PURCHASE_URL]: () => ({ data: PURCHASE_BODY, etag }) });
    await expect(loadPurchase(loader.system, { params: { id: '12' } })).resolves.toEqual(PURCHASE);
    expect(loader.asked).toEqual([PURCHASE_URL]);
  });

  it('a failed load says why and a retry asks again', async () => {
    let fails = true;
    const { system, asked, told } = fakeSystem({
      [PURCHASE_URL]: () => {
        if (fails) throw new Error('The server cannot be reached.');
        return { data: PURCHASE_BODY, etag };
      },
    });
    const actor = purchasePage(system);
    await settled();
    expect(selectRecord(actor.getSnapshot())).toMatchObject({ phase: 'failed', data: null, error: 'The server cannot be reached.' });
    expect(told).toEqual([]);
    fails = false;
    actor.send({ type: 'record.retry' });
    expect(selectRecord(actor.getSnapshot()).phase).toBe('loading');
    await settled();
    expect(asked).toEqual([PURCHASE_URL, PURCHASE_URL]);
    expect(selectRecord(actor.getSnapshot()).phase).toBe('shown');
    expect(told).toEqual([NAMED]);
    actor.stop();
  });

  it('a new purchase loads nothing up front: its loader asks nothing', async () => {
    const { system, asked } = fakeSystem();
    await expect(loadPurchase(system, { params: {} })).resolves.toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('covers every state and transition of the record machine that a document page uses', () => {
    const r = docCoverage.report();
    console.log(r.line);
    // Printing and downloading are an issued document's (an invoice's): page-data.model.test.ts walks them.
    const issuedOnly = (s: string) => /downloading|record\.(print|download)/.test(s);
    expect(r.missingStates.filter((s) => !issuedOnly(s))).toEqual([]);
    expect(r.missingTransitions.filter((s) => !issuedOnly(s))).toEqual([]);
  });
});

const levelsPage = (rows: Record<string, unknown>[]): ListResponse => ({ data: rows, meta: { page: 1, per_page: 25, total: rows.length, last_page: 1 } }) as ListResponse;
const LEVELS = levelsPage([{ id: 7, name: 'Cable', sku: 'CBL', on_hand: 4 }]);
const MOVES = levelsPage([{ id: 90, product_name: 'Cable', kind: 'receipt', quantity: 4 }]);
const KEPT_NONE = { hidden_columns: [], saved_filters: [] };

describe('the stock page starts from its loader’s data', () => {
  const list = (system: AppSystem, def: typeof STOCK_LEVELS, first?: ListFirst) =>
    createActor(embeddedListMachine(system, def), { input: { spec: def, search: '', abilities: NO_ABILITIES, first } }).start();

  it("given the first pages, both lists show them at once and ask nothing", async () => {
    const { system, asked } = fakeSystem();
    const levels = list(system, STOCK_LEVELS, { page: LEVELS, settings: KEPT_NONE });
    const ledger = list(system, LEDGER, { page: MOVES, settings: KEPT_NONE });
    expect(selectPhase(levels.getSnapshot())).toBe('rows');
    expect(levels.getSnapshot().context.rows).toEqual(LEVELS.data);
    expect(selectPhase(ledger.getSnapshot())).toBe('rows');
    expect(ledger.getSnapshot().context.rows).toEqual(MOVES.data);
    await settled();
    expect(asked).toEqual([]);
    // A reload (an adjustment was saved) still asks, by itself.
    levels.send({ type: 'list.reload' });
    await settled();
    expect(asked).toHaveLength(1);
    levels.stop();
    ledger.stop();
  });

  it('without them, each list asks for its first page, at the addresses the loader asks', async () => {
    const { system, asked } = fakeSystem();
    const levels = list(system, STOCK_LEVELS);
    const ledger = list(system, LEDGER);
    expect(selectPhase(levels.getSnapshot())).toBe('loading');
    await settled();
    const listsAsked = [...asked];
    expect(listsAsked).toHaveLength(2);
    levels.stop();
    ledger.stop();

    const answers = { [listsAsked[0]!]: () => LEVELS, [listsAsked[1]!]: () => MOVES };
    const loader = fakeSystem(answers);
    await expect(loadStock(loader.system, { pathname: '/admin/stock', search: '?adjust=7', params: {}, screen: 'stock' })).resolves.toEqual({
      levels: { page: LEVELS, settings: KEPT_NONE },
      ledger: { page: MOVES, settings: KEPT_NONE },
    });
    expect([...loader.asked].sort()).toEqual([...listsAsked].sort());

    // And the machines, answered the same, show the same rows.
    const answered = fakeSystem(answers);
    const again = list(answered.system, STOCK_LEVELS);
    await settled();
    expect(selectPhase(again.getSnapshot())).toBe('rows');
    expect(again.getSnapshot().context.rows).toEqual(LEVELS.data);
    again.stop();
  });
});

/**
 * src/pos/catalogue-store.ts over fake-indexeddb, against a stand-in for the server's catalogue
 * route (pages while `more`, then what changed since a cursor, retired ids).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { POS_CATALOGUE_API, type CatalogueAnswer, type CatalogueProduct } from '../../domain/pos/till.facts.ts';
import { createCatalogueStore } from '../../src/pos/catalogue-store.ts';

const product = (id: number, name: string, o: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  id,
  name,
  sku: `SKU-${id}`,
  barcode: null,
  category_id: 1,
  sale_price: 100,
  tax_bps: 0,
  prices_include_tax: false,
  tracks_serials: false,
  unit_name: 'Unit',
  on_hand: 3,
  image: null,
  ...o,
});

/** The server's side: every change stamped with a version; the cursor is the last version sent. */
class Server {
  version = 0;
  products = new Map<number, { p: CatalogueProduct; v: number }>();
  retired = new Map<number, number>();
  requests: string[] = [];
  down = false;
  /** Fails the request with this number (0-based), once. */
  failAt = -1;
  constructor(
    products: CatalogueProduct[],
    readonly pageSize = 2,
  ) {
    for (const p of products) this.put(p);
  }
  put(p: CatalogueProduct) {
    this.products.set(p.id, { p, v: ++this.version });
    this.retired.delete(p.id);
  }
  retire(id: number) {
    this.products.delete(id);
    this.retired.set(id, ++this.version);
  }
  get = async <T>(path: string): Promise<T> => {
    this.requests.push(path);
    if (this.down || this.requests.length - 1 === this.failAt) throw { status: 0, message: 'The server cannot be reached.' };
    const url = new URL(path, 'http://till');
    expect(url.pathname).toBe(POS_CATALOGUE_API);
    const since = Number(url.searchParams.get('since') ?? 0);
    const changes = [...this.products.values()].filter((x) => x.v > since).sort((a, b) => a.v - b.v);
    const page = changes.slice(0, this.pageSize);
    const upTo = page.at(-1)?.v ?? this.version;
    const more = changes.length > page.length;
    const retired = [...this.retired].filter(([, v]) => v > since && (more ? v <= upTo : true)).map(([id]) => id);
    const answer: CatalogueAnswer = { products: page.map((x) => x.p), retired, categories: [{ id: 1, name: 'Kitchen' }], cursor: String(more ? upTo : this.version), more };
    return answer as T;
  };
}

let n = 0;
const dbName = () => `till-catalogue-test-${++n}`;

describe('the first opening', () => {
  it('pages through the whole catalogue, keeps it, and searches it', async () => {
    const server = new Server([product(1, 'Copper Kettle', { barcode: '4006381333931' }), product(2, 'Teapot'), product(3, 'Kettle descaler'), product(4, 'Mug'), product(5, 'Tray')]);
    const store = createCatalogueStore({ get: server.get, dbName: dbName() });
    await store.open();
    expect(server.requests).toEqual([POS_CATALOGUE_API, `${POS_CATALOGUE_API}?since=2`, `${POS_CATALOGUE_API}?since=4`]);
    expect(store.size).toBe(5);
    expect(store.search('kett').map((p) => p.name)).toEqual(['Copper Kettle', 'Kettle descaler']);
    expect(store.byCode('4006381333931')?.id).toBe(1);
    expect(store.byCode('sku-4')?.name).toBe('Mug');
    expect(store.byId(5)?.name).toBe('Tray');
    expect(store.categories()).toEqual([{ id: 1, name: 'Kitchen' }]);
    store.close();
  });

  it('opens from what the browser kept when the server cannot be reached (a reload offline)', async () => {
    const name = dbName();
    const server = new Server([product(1, 'Copper Kettle'), product(2, 'Teapot'), product(3, 'Mug')]);
    const first = createCatalogueStore({ get: server.get, dbName: name });
    await first.open();
    first.close();
    server.down = true;
    const again = createCatalogueStore({ get: server.get, dbName: name });
    await again.open();
    expect(again.size).toBe(3);
    expect(again.search('tea').map((p) => p.name)).toEqual(['Teapot']);
    again.close();
  });

  it('refuses to open on half a catalogue, and goes on from the last page kept', async () => {
    const name = dbName();
    const server = new Server([product(1, 'A1'), product(2, 'A2'), product(3, 'A3'), product(4, 'A4'), product(5, 'A5')]);
    server.failAt = 1;
    const first = createCatalogueStore({ get: server.get, dbName: name });
    await expect(first.open()).rejects.toMatchObject({ status: 0 });
    first.close();
    const again = createCatalogueStore({ get: server.get, dbName: name });
    await again.open();
    // The first page is not asked for again.
    expect(server.requests).toEqual([POS_CATALOGUE_API, `${POS_CATALOGUE_API}?since=2`, `${POS_CATALOGUE_API}?since=2`, `${POS_CATALOGUE_API}?since=4`]);
    expect(again.size).toBe(5);
    again.close();
  });
});

describe('keeping current', () => {
  it('takes changed prices, new products and retired ones, tells its listeners, and keeps them for the next opening', async () => {
    const name = dbName();
    const server = new Server([product(1, 'Copper Kettle', { barcode: '4006381333931' }), product(2, 'Teapot'), product(3, 'Mug')]);
    const store = createCatalogueStore({ get: server.get, dbName: name });
    await store.open();
    let told = 0;
    const stop = store.subscribe(() => told++);
    server.put(product(1, 'Copper Kettle', { barcode: '4006381333931', sale_price: 4999, on_hand: 0 }));
    server.retire(2);
    server.put(product(6, 'Kettlebell'));
    expect(await store.sync()).toEqual({ changed: 3 });
    expect(told).toBe(1);
    expect(store.byCode('4006381333931')).toMatchObject({ sale_price: 4999, on_hand: 0 });
    expect(store.byId(2)).toBeUndefined();
    expect(store.search('kettle').map((p) => p.name)).toEqual(['Copper Kettle', 'Kettlebell']);
    // Nothing changed since: one request, nothing new.
    expect(await store.sync()).toEqual({ changed: 0 });
    stop();
    store.close();
    server.down = true;
    const again = createCatalogueStore({ get: server.get, dbName: name });
    await again.open();
    expect([...again.search('')].map((p) => p.name)).toEqual(['Copper Kettle', 'Kettlebell', 'Mug']);
    expect(again.byId(1)?.sale_price).toBe(4999);
    again.close();
  });

  it('a product retired in one page and back in a later one stays', async () => {
    const server = new Server([product(1, 'A'), product(2, 'B')], 1);
    const store = createCatalogueStore({ get: server.get, dbName: dbName() });
    await store.open();
    server.retire(1);
    server.put(product(2, 'B2'));
    server.put(product(1, 'A again'));
    await store.sync();
    expect(store.search('').map((p) => p.name)).toEqual(['A again', 'B2']);
    store.close();
  });

  it('sends one sync at a time: calls while one runs share it', async () => {
    const server = new Server([product(1, 'A')]);
    const store = createCatalogueStore({ get: server.get, dbName: dbName() });
    await store.open();
    server.put(product(2, 'B'));
    const before = server.requests.length;
    const [a, b] = await Promise.all([store.sync(), store.sync()]);
    expect(a).toBe(b);
    expect(server.requests.length - before).toBe(1);
    store.close();
  });

  it('keeps products in chunks: a change rewrites its chunk, a new product joins the last, a retired one leaves its own', async () => {
    const name = dbName();
    const server = new Server([product(1, 'A'), product(2, 'B'), product(3, 'C'), product(4, 'D'), product(5, 'E')], 5);
    const store = createCatalogueStore({ get: server.get, dbName: name, chunkSize: 2 });
    await store.open();
    server.retire(3);
    server.put(product(2, 'B2'));
    server.put(product(6, 'F'));
    server.put(product(7, 'G'));
    await store.sync();
    store.close();
    server.down = true;
    const again = createCatalogueStore({ get: server.get, dbName: name, chunkSize: 2 });
    await again.open();
    expect(again.search('').map((p) => p.name)).toEqual(['A', 'B2', 'D', 'E', 'F', 'G']);
    again.close();
    // What is stored: chunk 0 (A, B2), chunk 1 (D: C left it), chunk 2 (E, F: F filled it), chunk 3 (G).
    const { openDB } = await import('idb');
    const db = await openDB(name);
    const stored = await Promise.all((await db.getAllKeys('chunks')).map(async (k) => [k, (JSON.parse(await db.get('chunks', k)) as CatalogueProduct[]).map((p) => p.name)]));
    expect(stored).toEqual([
      [0, ['A', 'B2']],
      [1, ['D']],
      [2, ['E', 'F']],
      [3, ['G']],
    ]);
    db.close();
  });
});

describe('the kept index (a warm start)', () => {
  it('keeps the built index after the first sync, the ids changed under it after each page, and reopens on both', async () => {
    const name = dbName();
    // Enough products for the first sync to build the index (a few go to its overlay).
    const filler = Array.from({ length: 1200 }, (_, i) => product(100 + i, `Filler ${i}`));
    const server = new Server([product(1, 'Copper Kettle', { barcode: '4006381333931' }), product(2, 'Teapot'), product(3, 'Mug'), ...filler], 400);
    const store = createCatalogueStore({ get: server.get, dbName: name });
    await store.open();
    server.put(product(2, 'Kettle descaler'));
    server.retire(3);
    server.put(product(4, 'Kettlebell', { barcode: '0012345678905' }));
    await store.sync();
    store.close();
    const { openDB } = await import('idb');
    const db = await openDB(name);
    const kept = (await db.get('meta', 'index')) as { ids: Int32Array };
    // Built over the first sync's three products; the second's changes are listed beside it, not built in.
    expect(kept.ids.length).toBe(1203);
    expect([1, 2, 3].every((id) => kept.ids.includes(id))).toBe(true);
    expect(((await db.get('meta', 'changed')) as number[]).sort()).toEqual([2, 3, 4]);
    db.close();
    server.down = true;
    const again = createCatalogueStore({ get: server.get, dbName: name });
    await again.open();
    expect(again.search('kettle').map((p) => p.name)).toEqual(['Copper Kettle', 'Kettle descaler', 'Kettlebell']);
    expect(again.search('teapot')).toEqual([]);
    expect(again.search('mug')).toEqual([]);
    expect(again.byCode('0012345678905')?.name).toBe('Kettlebell');
    expect(again.size).toBe(1203);
    again.close();
  });

  it('opens on a kept index that lost its list of changes by building it afresh (a product it does not hold)', async () => {
    const name = dbName();
    const server = new Server([product(1, 'Copper Kettle'), product(2, 'Teapot')]);
    const store = createCatalogueStore({ get: server.get, dbName: name });
    await store.open();
    server.put(product(5, 'Kettlebell'));
    await store.sync();
    store.close();
    const { openDB } = await import('idb');
    const db = await openDB(name);
    await db.put('meta', [], 'changed');
    db.close();
    server.down = true;
    const again = createCatalogueStore({ get: server.get, dbName: name });
    await again.open();
    expect(again.search('kettle').map((p) => p.name)).toEqual(['Copper Kettle', 'Kettlebell']);
    again.close();
  });
});

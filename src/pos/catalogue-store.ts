import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { CatalogueIndex, type IndexSnapshot } from '../../domain/pos/catalogue-search.ts';
import { POS_CATALOGUE_API, type CatalogueAnswer, type CatalogueProduct } from '../../domain/pos/till.facts.ts';
import type { LocalCatalogue } from './ports.ts';

/**
 * The till's catalogue kept in the browser (LocalCatalogue, ./ports.ts): every product in
 * IndexedDB (through idb), searched in memory (domain/pos/catalogue-search.ts), kept current by
 * asking the server what changed since the last answer's cursor (GET POS_CATALOGUE_API: pages
 * while `more`, then deltas; retired products removed).
 *
 * The products are kept in chunks of CHUNK, each one record holding its products as JSON: read
 * back, twenty records and JSON.parse cost a fraction of reading 100,000 records one by one
 * (which took some 700 ms in Chromium, beyond the warm-start budget on its own). A sync rewrites
 * the chunks its changes touch (new products go to the last one). Each page of a sync is written
 * with its cursor in one transaction, so a sync cut short (a closed tab, the network gone) goes
 * on from the last page kept. `open` waits for a first sync only when the browser has kept no
 * finished one; otherwise the till searches what it kept at once and the sync runs behind it.
 *
 * The search index's built part is kept too (meta `index`, CatalogueIndex#snapshot), with the ids
 * changed since it was built (meta `changed`, written in each page's transaction): a warm start
 * places the products in it instead of building it again (most of a warm start's time). It is
 * written after a sync that rebuilt the index (the first, a price list), behind the till.
 */

type Category = { id: number; name: string };
interface CatalogueDb extends DBSchema {
  /** Products by chunk number, as JSON of CatalogueProduct[]. */
  chunks: { key: number; value: string };
  /**
   * cursor: the last answer's; categories: the last list; complete: the last sync had no `more`;
   * index: the search index's built part; changed: the ids changed or retired since it was built.
   */
  meta: { key: 'cursor' | 'categories' | 'complete' | 'index' | 'changed'; value: string | boolean | Category[] | IndexSnapshot | number[] };
}

export const CATALOGUE_DB = 'till-catalogue';
/** Products per stored chunk. */
export const CHUNK = 5000;

export interface CatalogueStoreSetup {
  /** The app's HTTP client's GET (src/app/api.ts `call`): throws a RequestFailure. */
  get: <T>(path: string) => Promise<T>;
  /** The IndexedDB database's name (tests give each their own). */
  dbName?: string;
  /** Products per stored chunk (CHUNK; tests use small ones). */
  chunkSize?: number;
}

export interface CatalogueStore extends LocalCatalogue {
  /** How many products the browser holds. */
  readonly size: number;
  close(): void;
}

export function createCatalogueStore({ get, dbName = CATALOGUE_DB, chunkSize = CHUNK }: CatalogueStoreSetup): CatalogueStore {
  let db: IDBPDatabase<CatalogueDb> | undefined;
  let index = new CatalogueIndex();
  let cursor: string | undefined;
  let categories: Category[] = [];
  /** Which chunk holds each product, and each chunk's products' ids. */
  const chunkOf = new Map<number, number>();
  const chunks = new Map<number, Set<number>>();
  let opening: Promise<void> | undefined;
  /** The index's built part as IndexedDB keeps it (none kept: undefined), and the ids changed since. */
  let keptIndex: IndexSnapshot | undefined;
  let changedSince = new Set<number>();
  let syncing: Promise<{ changed: number }> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };

  const database = async () =>
    (db ??= await openDB<CatalogueDb>(dbName, 1, {
      upgrade(d) {
        d.createObjectStore('chunks');
        d.createObjectStore('meta');
      },
    }));

  const place = (id: number, chunk: number) => {
    chunkOf.set(id, chunk);
    let ids = chunks.get(chunk);
    if (!ids) chunks.set(chunk, (ids = new Set()));
    ids.add(id);
  };

  async function load(d: IDBPDatabase<CatalogueDb>) {
    const tx = d.transaction(['chunks', 'meta']);
    const store = tx.objectStore('chunks');
    const meta = tx.objectStore('meta');
    const [keys, values, kept, cats, complete, built, changed] = await Promise.all([store.getAllKeys(), store.getAll(), meta.get('cursor'), meta.get('categories'), meta.get('complete'), meta.get('index'), meta.get('changed')]);
    const products: CatalogueProduct[] = [];
    keys.forEach((key, i) => {
      for (const p of JSON.parse(values[i]!) as CatalogueProduct[]) {
        products.push(p);
        place(p.id, key);
      }
    });
    keptIndex = built && typeof built === 'object' && 'all' in built ? built : undefined;
    changedSince = new Set(Array.isArray(changed) ? (changed as number[]) : []);
    index = new CatalogueIndex(products, keptIndex && { built: keptIndex, changed: changedSince });
    cursor = typeof kept === 'string' ? kept : undefined;
    categories = Array.isArray(cats) ? (cats as Category[]) : [];
    // Built again here (none kept, or too much changed since): kept for the next start.
    keepIndex(d);
    return { complete: cursor !== undefined && complete !== false };
  }

  async function runSync(): Promise<{ changed: number }> {
    const d = await database();
    /** What the pages said about each product, the later page winning: the product, or null when retired. */
    const news = new Map<number, CatalogueProduct | null>();
    const now = (id: number) => (news.has(id) ? news.get(id) : index.byId(id));
    let answer: CatalogueAnswer;
    do {
      answer = await get<CatalogueAnswer>(cursor === undefined ? POS_CATALOGUE_API : `${POS_CATALOGUE_API}?since=${encodeURIComponent(cursor)}`);
      const dirty = new Set<number>();
      for (const id of answer.retired) {
        news.set(id, null);
        const chunk = chunkOf.get(id);
        if (chunk === undefined) continue;
        chunkOf.delete(id);
        chunks.get(chunk)?.delete(id);
        dirty.add(chunk);
      }
      let last = Math.max(-1, ...chunks.keys());
      for (const p of answer.products) {
        news.set(p.id, p);
        let chunk = chunkOf.get(p.id);
        if (chunk === undefined) {
          if (last < 0 || chunks.get(last)!.size >= chunkSize) last++;
          place(p.id, (chunk = last));
        }
        dirty.add(chunk);
      }
      const tx = d.transaction(['chunks', 'meta'], 'readwrite');
      const stored = tx.objectStore('chunks');
      const meta = tx.objectStore('meta');
      const writes: Promise<unknown>[] = [];
      // The kept index learns what changed under it with the chunks, in the same transaction.
      if (keptIndex) {
        for (const p of answer.products) changedSince.add(p.id);
        for (const id of answer.retired) changedSince.add(id);
        writes.push(meta.put([...changedSince], 'changed'));
      }
      for (const chunk of dirty) {
        const ids = chunks.get(chunk)!;
        writes.push(ids.size ? stored.put(JSON.stringify([...ids].map(now)), chunk) : stored.delete(chunk));
        if (!ids.size) chunks.delete(chunk);
      }
      writes.push(meta.put(answer.cursor, 'cursor'), meta.put(answer.categories, 'categories'), meta.put(!answer.more, 'complete'));
      await Promise.all([...writes, tx.done]);
      cursor = answer.cursor;
      categories = answer.categories;
    } while (answer.more);
    const changed: CatalogueProduct[] = [];
    const retired: number[] = [];
    for (const [id, p] of news) {
      if (p) changed.push(p);
      else if (index.byId(id)) retired.push(id);
    }
    index.apply(changed, retired);
    keepIndex(d);
    notify();
    return { changed: changed.length + retired.length };
  }

  /**
   * Keeps the index's built part when it is not the one kept (a first sync, a rebuild), with the
   * ids changed since, behind the till: its transaction is queued before any later page's, which
   * write `changed` from what this one starts with.
   */
  function keepIndex(d: IDBPDatabase<CatalogueDb>) {
    const { built, changed } = index.snapshot();
    if (built === keptIndex) return;
    keptIndex = built;
    changedSince = new Set(changed);
    const tx = d.transaction('meta', 'readwrite');
    void Promise.all([tx.store.put(built, 'index'), tx.store.put(changed, 'changed'), tx.done]).catch(async () => {
      // Not kept (storage full, the tab closing): no index kept that would miss later changes; the next start builds it.
      keptIndex = undefined;
      await d.delete('meta', 'index').catch(() => undefined);
    });
  }

  const store: CatalogueStore = {
    get size() {
      return index.size;
    },
    open() {
      opening ??= (async () => {
        const { complete } = await load(await database());
        if (!complete) {
          // Nothing finished kept: the till cannot sell from half a catalogue.
          await store.sync();
        } else {
          notify();
          // Behind the till: an unreachable server leaves the catalogue as kept.
          store.sync().catch(() => undefined);
        }
      })();
      // A failed open can be tried again.
      opening.catch(() => (opening = undefined));
      return opening;
    },
    search: (text, options) => index.search(text, options),
    byCode: (code) => index.byCode(code),
    byId: (id) => index.byId(id),
    categories: () => categories,
    sync() {
      syncing ??= runSync().finally(() => (syncing = undefined));
      return syncing;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      db?.close();
      db = undefined;
      opening = undefined;
    },
  };
  return store;
}

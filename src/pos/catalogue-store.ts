import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { CatalogueIndex } from '../../domain/pos/catalogue-search.ts';
import { POS_CATALOGUE_API, type CatalogueAnswer, type CatalogueProduct } from '../../domain/pos/till.facts.ts';
import type { LocalCatalogue } from './ports.ts';

/**
 * The till's catalogue kept in the browser (LocalCatalogue, ./ports.ts): every product in
 * IndexedDB (through idb), searched in memory (domain/pos/catalogue-search.ts), kept current by
 * asking the server what changed since the last answer's cursor (GET POS_CATALOGUE_API: pages
 * while `more`, then deltas; retired products removed).
 *
 * Each page is written with its cursor in one transaction, so a sync cut short (a closed tab,
 * the network gone) goes on from the last page kept. `open` waits for a first sync only when the
 * browser has kept no finished one; otherwise the till searches what it kept at once and the
 * sync runs behind it.
 */

interface CatalogueDb extends DBSchema {
  products: { key: number; value: CatalogueProduct };
  /** cursor: the last answer's; categories: the last list; complete: the last sync had no `more`. */
  meta: { key: 'cursor' | 'categories' | 'complete'; value: string | boolean | { id: number; name: string }[] };
}

export const CATALOGUE_DB = 'till-catalogue';

export interface CatalogueStoreSetup {
  /** The app's HTTP client's GET (src/app/api.ts `call`): throws a RequestFailure. */
  get: <T>(path: string) => Promise<T>;
  /** The IndexedDB database's name (tests give each their own). */
  dbName?: string;
}

export interface CatalogueStore extends LocalCatalogue {
  /** How many products the browser holds. */
  readonly size: number;
  close(): void;
}

export function createCatalogueStore({ get, dbName = CATALOGUE_DB }: CatalogueStoreSetup): CatalogueStore {
  let db: IDBPDatabase<CatalogueDb> | undefined;
  let index = new CatalogueIndex();
  let cursor: string | undefined;
  let categories: { id: number; name: string }[] = [];
  let opening: Promise<void> | undefined;
  let syncing: Promise<{ changed: number }> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l();
  };

  const database = async () =>
    (db ??= await openDB<CatalogueDb>(dbName, 1, {
      upgrade(d) {
        d.createObjectStore('products', { keyPath: 'id' });
        d.createObjectStore('meta');
      },
    }));

  async function runSync(): Promise<{ changed: number }> {
    const d = await database();
    /** What the pages said about each product, the later page winning: the product, or null when retired. */
    const news = new Map<number, CatalogueProduct | null>();
    let answer: CatalogueAnswer;
    do {
      answer = await get<CatalogueAnswer>(cursor === undefined ? POS_CATALOGUE_API : `${POS_CATALOGUE_API}?since=${encodeURIComponent(cursor)}`);
      const tx = d.transaction(['products', 'meta'], 'readwrite');
      const products = tx.objectStore('products');
      const meta = tx.objectStore('meta');
      const writes: Promise<unknown>[] = [];
      for (const id of answer.retired) {
        writes.push(products.delete(id));
        news.set(id, null);
      }
      for (const p of answer.products) {
        writes.push(products.put(p));
        news.set(p.id, p);
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
    notify();
    return { changed: changed.length + retired.length };
  }

  const store: CatalogueStore = {
    get size() {
      return index.size;
    },
    open() {
      opening ??= (async () => {
        const d = await database();
        const tx = d.transaction(['products', 'meta']);
        const [products, kept, cats, complete] = await Promise.all([tx.objectStore('products').getAll(), tx.objectStore('meta').get('cursor'), tx.objectStore('meta').get('categories'), tx.objectStore('meta').get('complete')]);
        index = new CatalogueIndex(products);
        cursor = typeof kept === 'string' ? kept : undefined;
        categories = Array.isArray(cats) ? cats : [];
        if (cursor === undefined || complete === false) {
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

// The till catalogue bench's page (scripts/bench-till.ts builds and serves it): the real
// catalogue store, its GET through fetch, driven from Playwright through window.tillBench.
import { openDB } from 'idb';
import type { CatalogueProduct } from '../../domain/pos/till.facts.ts';
import { CatalogueIndex, type IndexSnapshot } from '../../domain/pos/catalogue-search.ts';
import { CATALOGUE_DB, createCatalogueStore, type CatalogueStore } from '../../src/pos/catalogue-store.ts';

let store: CatalogueStore | undefined;

const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
};

declare global {
  interface Window {
    tillBench: typeof bench;
  }
}

const bench = {
  /**
   * The warm open's parts apart: reading the chunks back from IndexedDB and parsing them, building
   * the index over them afresh, and (what the store does) reading the kept index and placing the
   * products in it (ms).
   */
  async parts(): Promise<{ readMs: number; buildMs: number; restoreMs: number; kept: boolean }> {
    const db = await openDB(CATALOGUE_DB);
    const t0 = performance.now();
    const products = (await db.getAll('chunks')).flatMap((chunk: string) => JSON.parse(chunk) as CatalogueProduct[]);
    const t1 = performance.now();
    new CatalogueIndex(products);
    const t2 = performance.now();
    const built = (await db.get('meta', 'index')) as IndexSnapshot | undefined;
    const changed = ((await db.get('meta', 'changed')) as number[] | undefined) ?? [];
    const restored = new CatalogueIndex(products, built && { built, changed });
    const t3 = performance.now();
    db.close();
    return { readMs: t1 - t0, buildMs: t2 - t1, restoreMs: t3 - t2, kept: !!built && restored.snapshot().built.ids.length === built.ids.length };
  },
  /** Opens the store (from the server when the browser keeps nothing, else from IndexedDB): ms. */
  async open(): Promise<{ ms: number; size: number }> {
    const t0 = performance.now();
    store = createCatalogueStore({ get });
    await store.open();
    return { ms: performance.now() - t0, size: store.size };
  },
  /** Each keystroke's search, ms (performance.now() is coarse: 0.1 ms in Chromium). */
  typing(keystrokes: string[]): { ms: number[]; hits: number[] } {
    const ms: number[] = [];
    const hits: number[] = [];
    for (const q of keystrokes) {
      const t0 = performance.now();
      const found = store!.search(q);
      ms.push(performance.now() - t0);
      hits.push(found.length);
    }
    return { ms, hits };
  },
  /** `codes` looked up `rounds` times over: ms per look-up (a clock too coarse to time one), and how many were found. */
  scans(codes: string[], rounds: number): { perScanMs: number; found: number } {
    let found = 0;
    const t0 = performance.now();
    for (let r = 0; r < rounds; r++) for (const c of codes) if (store!.byCode(c)) found++;
    return { perScanMs: (performance.now() - t0) / (codes.length * rounds), found: found / rounds };
  },
};
window.tillBench = bench;

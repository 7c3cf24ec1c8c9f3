import type { CatalogueProduct } from './till.facts.ts';

/**
 * The till's catalogue in memory, searched as the cashier types and scanned within a frame at
 * 100,000 products (issue 35; `npm run bench` measures it). Pure: src/pos/catalogue-store.ts
 * fills it from IndexedDB and the server's sync.
 *
 *  - byCode: a barcode or SKU, exactly (SKUs also in any case): one Map look-up, kept current.
 *  - search: the text's words, in three tiers, each in the catalogue's name order:
 *      1. the exact code (the whole text is a barcode or SKU)
 *      2. every word starts a word of the product's name or SKU (or its barcode or whole SKU)
 *      3. every word is contained anywhere in them
 *    Accents and case are ignored. Each product's words are kept as one string (" copper
 *    kettle ket-001 ket 001 4006381333931"), and all of them end to end in one long string in
 *    name order: a tier is String#indexOf of its longest word (" " before it for tier 2) through
 *    that string, each hit's product found by binary search and its other words checked. The
 *    engine's indexOf crosses 100,000 products' text in about a millisecond, so a tier costs
 *    about as much as the products it must look at before a page is full. (A sorted word list
 *    with postings was tried first: as fast to search, but its build took three times as long
 *    and twice the memory, the codes making most words unique.)
 *
 * The long string is built once for what the browser kept; a sync's changes (a few products
 * usually) go to a small overlay searched alongside it, the built entries they replace being
 * skipped, and the whole is rebuilt when the overlay grows past a tenth of it.
 *
 * Building it is most of a warm start (folding every name, sorting 100,000 of them, joining the
 * string: some 400 ms in Chromium, beyond a second on a loaded machine). So the built part can be
 * kept beside the products (`snapshot()`, an IndexSnapshot) and given back to the constructor:
 * the products are then only placed in it, and the ids changed since it was built go to the
 * overlay as a sync's would.
 */

/** The built part of an index, to keep and restore: every hay in name order, where each starts, and whose it is. */
export interface IndexSnapshot {
  all: string;
  starts: Int32Array<ArrayBuffer>;
  ids: Int32Array<ArrayBuffer>;
}

/** A kept snapshot and the ids changed or retired since it was made (see CatalogueIndex's constructor). */
export interface KeptIndex {
  built: IndexSnapshot;
  changed: Iterable<number>;
}

const MARKS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^\x00-\x7f]/;
const SPLIT = /[^\p{L}\p{N}]+/u;
/** Lower case without accents: how every text is compared. */
export const fold = (text: string) => (NON_ASCII.test(text) ? text.normalize('NFD').replace(MARKS, '').toLowerCase() : text.toLowerCase());
const wordsOf = (text: string) => fold(text).split(SPLIT).filter(Boolean);

/** The string a product is found in: each of its name's and SKU's words, its whole SKU and its barcode, after a space. */
function hayOf(p: CatalogueProduct, name = fold(p.name)): string {
  const sku = fold(p.sku);
  return ` ${name.split(SPLIT).join(' ')} ${sku.split(SPLIT).join(' ')} ${sku}${p.barcode ? ` ${fold(p.barcode)}` : ''}`;
}

interface Entry {
  product: CatalogueProduct;
  hay: string;
}
/** A restored entry whose product has left (it is stale, never taken). */
const GONE = Object.freeze({ id: -1 }) as CatalogueProduct;

/** Compares folded names: plain code-unit order (localeCompare is some thirty times slower at 100,000). */
const byName = (a: Entry & { key: string }, b: Entry & { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.product.id - b.product.id);

export interface SearchOptions {
  categoryId?: number | null;
  limit?: number;
}
export const SEARCH_LIMIT = 50;

export class CatalogueIndex {
  /** The products as they are now, by id. */
  #live = new Map<number, CatalogueProduct>();
  /** Barcodes as they are, and SKUs folded: the id. */
  #codes = new Map<string, number>();
  /** The built part, in name order, and each product's place in it. */
  #built: Entry[] = [];
  /** Each product's place in it, made by the first change that needs it (not every opening). */
  #placeMap: Map<number, number> | undefined;
  /** 1 where a built entry was changed or retired since: its product is in the overlay, or gone. */
  #stale = new Uint8Array(0);
  /** Every built entry's hay, one after another ("\n" between), and where each starts: to look for text anywhere with indexOf. */
  #all = '';
  #starts = new Int32Array(0);
  /** Changed and new products since the build, by id (searched one by one). */
  #overlay = new Map<number, Entry>();
  /** The built part as `snapshot()` gives it: the same object until the next build. */
  #snapshot: IndexSnapshot = { all: '', starts: new Int32Array(0), ids: new Int32Array(0) };

  /**
   * The products, and optionally a snapshot kept of their index with the ids changed since it
   * was made. A snapshot that does not account for every product (a product in neither it nor
   * `changed`) is not trusted: the index is built afresh.
   */
  constructor(products: Iterable<CatalogueProduct> = [], kept?: KeptIndex) {
    for (const p of products) this.#live.set(p.id, p);
    if (!kept || !this.#restore(kept)) this.#build();
  }

  /** The built part, to keep beside the products, and the ids changed or retired since it was built (in the overlay or skipped). */
  snapshot(): KeptIndex & { changed: number[] } {
    const changed = [...this.#overlay.keys()];
    const ids = this.#snapshot.ids;
    for (let at = 0; at < ids.length; at++) if (this.#stale[at] && !this.#overlay.has(ids[at]!)) changed.push(ids[at]!);
    return { built: this.#snapshot, changed };
  }

  get size() {
    return this.#live.size;
  }

  byId(id: number) {
    return this.#live.get(id);
  }

  /** A scan: the product with this barcode, or this SKU in any case. */
  byCode(code: string): CatalogueProduct | undefined {
    const id = this.#codes.get(code) ?? this.#codes.get(fold(code));
    return id === undefined ? undefined : this.#live.get(id);
  }

  /** Takes a sync's answer: the ids that left the till, then new and changed products. */
  apply(changed: readonly CatalogueProduct[], retired: Iterable<number> = []) {
    for (const id of retired) {
      const old = this.#live.get(id);
      if (!old) continue;
      this.#forgetCodes(old);
      this.#live.delete(id);
      this.#overlay.delete(id);
      this.#markStale(id);
    }
    // Many changes (a first sync, a price list): one build over everything, not an overlay first.
    const rebuild = this.#overlay.size + changed.length > Math.max(1000, this.#built.length / 10);
    for (const p of changed) {
      const old = this.#live.get(p.id);
      if (old) this.#forgetCodes(old);
      this.#live.set(p.id, p);
      this.#learnCodes(p);
      if (rebuild) continue;
      this.#markStale(p.id);
      this.#overlay.set(p.id, { product: p, hay: hayOf(p) });
    }
    if (rebuild) this.#build();
  }

  /** Every product, in no particular order (what the store keeps). */
  products(): IterableIterator<CatalogueProduct> {
    return this.#live.values();
  }

  search(text: string, { categoryId = null, limit = SEARCH_LIMIT }: SearchOptions = {}): CatalogueProduct[] {
    const out: CatalogueProduct[] = [];
    const taken = new Set<number>();
    const inCategory = (p: CatalogueProduct) => categoryId === null || p.category_id === categoryId;
    const take = (p: CatalogueProduct) => {
      if (out.length < limit && !taken.has(p.id) && inCategory(p)) {
        taken.add(p.id);
        out.push(p);
      }
    };
    const built = this.#built;
    const stale = this.#stale;
    const words = wordsOf(text);

    if (!words.length) {
      for (let at = 0; at < built.length && out.length < limit; at++) if (!stale[at]) take(built[at]!.product);
      for (const e of this.#overlay.values()) take(e.product);
      return out;
    }
    // 1. The exact code.
    const whole = text.trim();
    const exact = whole ? this.byCode(whole) : undefined;
    if (exact) take(exact);

    // 2. Every word starts a word; 3. every word anywhere.
    const starts = words.map((w) => ` ${w}`);
    this.#tier(starts, take, () => out.length >= limit);
    if (out.length < limit) this.#tier(words, take, () => out.length >= limit);
    return out;
  }

  /** The built entry whose hay holds position `pos` of #all. */
  #entryAt(pos: number) {
    const starts = this.#starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  #markStale(id: number) {
    this.#placeMap ??= new Map(Array.from(this.#snapshot.ids, (id, at) => [id, at]));
    const at = this.#placeMap.get(id);
    if (at !== undefined) this.#stale[at] = 1;
  }

  /**
   * The products whose hay holds every one of `keys`, in name order, to `take` until `full`:
   * the longest key looked for through the built entries' string, then the overlay.
   */
  #tier(keys: string[], take: (p: CatalogueProduct) => void, full: () => boolean) {
    let longest = keys[0]!;
    for (const k of keys) if (k.length > longest.length) longest = k;
    const holdsAll = (hay: string) => {
      for (const k of keys) if (!hay.includes(k)) return false;
      return true;
    };
    const all = this.#all;
    const built = this.#built;
    let from = 0;
    while (!full()) {
      const found = all.indexOf(longest, from);
      if (found < 0) break;
      const at = this.#entryAt(found);
      const e = built[at]!;
      if (!this.#stale[at] && holdsAll(e.hay)) take(e.product);
      from = at + 1 < built.length ? this.#starts[at + 1]! : all.length;
    }
    for (const e of this.#overlay.values()) {
      if (full()) break;
      if (holdsAll(e.hay)) take(e.product);
    }
  }

  #learnCodes(p: CatalogueProduct) {
    if (p.barcode) this.#codes.set(p.barcode, p.id);
    if (p.sku) this.#codes.set(fold(p.sku), p.id);
  }

  #forgetCodes(p: CatalogueProduct) {
    for (const code of [p.barcode, p.sku && fold(p.sku)]) if (code && this.#codes.get(code) === p.id) this.#codes.delete(code);
  }

  /**
   * Places the products in a kept snapshot (no folding, sorting or joining), the changed ones in
   * the overlay. False when it does not account for every product (nothing is kept then).
   */
  #restore({ built: snap, changed }: KeptIndex): boolean {
    const { all, starts, ids } = snap;
    const n = ids.length;
    if (starts.length !== n) return false;
    const live = this.#live;
    const built: Entry[] = new Array<Entry>(n);
    const stale = new Uint8Array(n);
    let placed = 0;
    for (let at = 0; at < n; at++) {
      const product = live.get(ids[at]!);
      const end = at + 1 < n ? starts[at + 1]! - 1 : all.length;
      built[at] = { product: product ?? GONE, hay: all.slice(starts[at], end) };
      if (product) placed++;
      else stale[at] = 1;
    }
    this.#built = built;
    this.#all = all;
    this.#starts = starts;
    this.#stale = stale;
    this.#snapshot = snap;
    this.#placeMap = undefined;
    this.#overlay.clear();
    const moved = new Set<number>();
    for (const id of changed) {
      if (moved.has(id)) continue;
      moved.add(id);
      const p = live.get(id);
      // A changed product that the snapshot holds: its entry is skipped, the product overlaid.
      this.#markStale(id);
      if (p && this.#placeMap!.has(id)) placed--;
      if (p) this.#overlay.set(id, { product: p, hay: hayOf(p) });
    }
    if (placed + this.#overlay.size !== live.size) return false;
    this.#codes.clear();
    for (const e of built) if (e.product !== GONE) this.#learnCodes(e.product);
    for (const e of this.#overlay.values()) this.#learnCodes(e.product);
    // Many changes since (a tenth: all of a small catalogue's): one build over everything, in name order.
    if (this.#overlay.size > n / 10) this.#build();
    return true;
  }

  /** Builds the string of every product as it is now, in name order, and empties the overlay. */
  #build() {
    const keyed: (Entry & { key: string })[] = [];
    for (const product of this.#live.values()) {
      const key = fold(product.name);
      keyed.push({ product, hay: hayOf(product, key), key });
    }
    keyed.sort(byName);
    this.#codes.clear();
    this.#placeMap = undefined;
    const starts = new Int32Array(keyed.length);
    let pos = 0;
    for (let at = 0; at < keyed.length; at++) {
      const e = keyed[at]!;
      this.#learnCodes(e.product);
      starts[at] = pos;
      pos += e.hay.length + 1;
    }
    // "\n" between entries: no word holds one, so no hit runs from one product into the next.
    const all = keyed.map((e) => e.hay).join('\n');
    // Each hay becomes a slice of the long string: one flat copy of the text, not two.
    this.#built = keyed.map(({ product, hay }, at) => ({ product, hay: all.slice(starts[at], starts[at]! + hay.length) }));
    this.#all = all;
    this.#starts = starts;
    this.#stale = new Uint8Array(keyed.length);
    this.#overlay.clear();
    this.#snapshot = { all, starts, ids: Int32Array.from(keyed, (e) => e.product.id) };
  }
}

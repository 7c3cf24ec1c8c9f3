import type { CatalogueProduct } from './till.facts.ts';

/**
 * The till's catalogue in memory, searched as the cashier types and scanned within a frame at
 * 100,000 products (issue 35; `npm run bench` measures it). Pure: src/pos/catalogue-store.ts
 * fills it from IndexedDB and the server's sync.
 *
 *  - byCode: a barcode or SKU, exactly (SKUs also in any case): one Map look-up, kept current.
 *  - search: the text's words, in three tiers, each in the catalogue's name order:
 *      1. the exact code (the whole text is a barcode or SKU)
 *      2. every word starts a word of the product's name or SKU (or is the start of its
 *         barcode or whole SKU): found through a sorted list of every word and the products
 *         having it, by binary search on the rarest typed word, the others checked on the product
 *      3. every word is contained anywhere in them: one pass over the products, only when the
 *         first tiers have not filled the page
 *    Accents and case are ignored.
 *
 * The word list is built once for what the browser kept; a sync's changes (a few products
 * usually) go to a small overlay searched alongside it, the built entries they replace being
 * skipped, and the whole is rebuilt when the overlay grows past a tenth of it.
 */

const MARKS = /[\u0300-\u036f]/g;
const SPLIT = /[^\p{L}\p{N}]+/u;
/** Lower case without accents: how every text is compared. */
export const fold = (text: string) => text.normalize('NFD').replace(MARKS, '').toLowerCase();
const wordsOf = (text: string) => fold(text).split(SPLIT).filter(Boolean);

/** The words a product is found by: its name's and SKU's, its whole SKU and its barcode. */
function termsOf(p: CatalogueProduct): string[] {
  const terms = new Set([...wordsOf(p.name), ...wordsOf(p.sku), fold(p.sku)]);
  if (p.barcode) terms.add(fold(p.barcode));
  terms.delete('');
  return [...terms];
}
/** One string to look for words in: each term after a space, so " word" finds a word's start. */
const hayOf = (terms: string[]) => ` ${terms.join(' ')}`;

interface Entry {
  product: CatalogueProduct;
  hay: string;
}

/** Compares folded names: plain code-unit order (localeCompare is some thirty times slower at 100,000). */
const byName = (a: Entry & { key: string }, b: Entry & { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.product.id - b.product.id);

export interface SearchOptions {
  categoryId?: number | null;
  limit?: number;
}
export const SEARCH_LIMIT = 50;
/** Up to this many postings under the rarest word are checked one by one; past it the products are walked in order. */
const DIRECT_POSTINGS = 4000;

export class CatalogueIndex {
  /** The products as they are now, by id. */
  #live = new Map<number, CatalogueProduct>();
  /** Barcodes as they are, and SKUs folded: the id. */
  #codes = new Map<string, number>();
  /** The built part, in name order. */
  #built: Entry[] = [];
  /** Every term of the built part, sorted; the built entries having terms[i] are postings[offsets[i]..offsets[i+1]). */
  #terms: string[] = [];
  #offsets = new Int32Array(1);
  #postings = new Int32Array(0);
  /** Changed and new products since the build, by id (searched one by one). */
  #overlay = new Map<number, Entry>();
  /** A mark per built entry, to take each once per search without a Set. */
  #seen = new Uint32Array(0);
  #search = 0;

  constructor(products: Iterable<CatalogueProduct> = []) {
    for (const p of products) this.#live.set(p.id, p);
    this.#build();
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
    }
    // Many changes (a first sync, a price list): one build over everything, not an overlay first.
    const rebuild = this.#overlay.size + changed.length > Math.max(1000, this.#built.length / 10);
    for (const p of changed) {
      const old = this.#live.get(p.id);
      if (old) this.#forgetCodes(old);
      this.#live.set(p.id, p);
      this.#learnCodes(p);
      if (!rebuild) this.#overlay.set(p.id, { product: p, hay: hayOf(termsOf(p)) });
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
    const words = wordsOf(text);
    const whole = text.trim();
    // A built entry stands only while the product is still the one built (not changed or gone).
    const current = (e: Entry) => this.#live.get(e.product.id) === e.product;

    if (!words.length) {
      for (const e of this.#built) if (current(e)) take(e.product);
      for (const e of this.#overlay.values()) take(e.product);
      return out;
    }
    // 1. The exact code.
    const exact = whole ? this.byCode(whole) : undefined;
    if (exact) take(exact);
    // 2. Words starting words: the built entries under the rarest word's range, then the overlay.
    const rest = (hay: string, skip: number) => words.every((w, i) => i === skip || hay.includes(` ${w}`));
    let rarest = -1;
    let range: [number, number] = [0, 0];
    for (const [i, w] of words.entries()) {
      const r = this.#rangeOf(w);
      if (rarest < 0 || r[1] - r[0] < range[1] - range[0]) [rarest, range] = [i, r];
    }
    if (range[1] - range[0] <= DIRECT_POSTINGS) {
      // Few: the entries under the range, once each, in name order (entries are numbered in it).
      const mark = this.#nextMark();
      const hits: number[] = [];
      for (let k = range[0]; k < range[1]; k++) {
        const at = this.#postings[k]!;
        if (this.#seen[at] === mark) continue;
        this.#seen[at] = mark;
        const e = this.#built[at]!;
        if (current(e) && rest(e.hay, rarest) && inCategory(e.product)) hits.push(at);
      }
      hits.sort((a, b) => a - b);
      for (const at of hits) take(this.#built[at]!.product);
    } else {
      // Many (every word typed is common, a first letter say): matches come soon in name order.
      for (const e of this.#built) {
        if (out.length >= limit) break;
        if (current(e) && rest(e.hay, -1)) take(e.product);
      }
    }
    for (const e of this.#overlay.values()) if (out.length < limit && rest(e.hay, -1)) take(e.product);
    // 3. Words anywhere.
    if (out.length < limit) {
      const contains = (hay: string) => words.every((w) => hay.includes(w));
      for (const e of this.#built) {
        if (out.length >= limit) break;
        if (current(e) && contains(e.hay)) take(e.product);
      }
      for (const e of this.#overlay.values()) if (out.length < limit && contains(e.hay)) take(e.product);
    }
    return out;
  }

  #nextMark() {
    if (++this.#search === 0xffffffff) {
      this.#seen.fill(0);
      this.#search = 1;
    }
    return this.#search;
  }

  /** The postings of every term starting with `prefix`: [from, to). */
  #rangeOf(prefix: string): [number, number] {
    const lower = (key: string) => {
      let lo = 0;
      let hi = this.#terms.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.#terms[mid]! < key) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const from = lower(prefix);
    const to = lower(`${prefix}\uffff`);
    return [this.#offsets[from]!, this.#offsets[to]!];
  }

  #learnCodes(p: CatalogueProduct) {
    if (p.barcode) this.#codes.set(p.barcode, p.id);
    if (p.sku) this.#codes.set(fold(p.sku), p.id);
  }

  #forgetCodes(p: CatalogueProduct) {
    for (const code of [p.barcode, p.sku && fold(p.sku)]) if (code && this.#codes.get(code) === p.id) this.#codes.delete(code);
  }

  /** Builds the word list over every product as it is now, and empties the overlay. */
  #build() {
    const keyed = [...this.#live.values()].map((product) => {
      const terms = termsOf(product);
      return { product, hay: hayOf(terms), key: fold(product.name), terms };
    });
    keyed.sort(byName);
    const byTerm = new Map<string, number[]>();
    let count = 0;
    this.#codes.clear();
    keyed.forEach((e, at) => {
      this.#learnCodes(e.product);
      for (const t of e.terms) {
        const list = byTerm.get(t);
        if (list) list.push(at);
        else byTerm.set(t, [at]);
        count++;
      }
    });
    const terms = [...byTerm.keys()].sort();
    const offsets = new Int32Array(terms.length + 1);
    const postings = new Int32Array(count);
    let k = 0;
    terms.forEach((t, i) => {
      offsets[i] = k;
      for (const at of byTerm.get(t)!) postings[k++] = at;
    });
    offsets[terms.length] = k;
    this.#built = keyed.map(({ product, hay }) => ({ product, hay }));
    this.#terms = terms;
    this.#offsets = offsets;
    this.#postings = postings;
    this.#overlay.clear();
    this.#seen = new Uint32Array(keyed.length);
    this.#search = 0;
  }
}

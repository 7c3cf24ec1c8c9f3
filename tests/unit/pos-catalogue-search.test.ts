/** domain/pos/catalogue-search.ts: the till's search tiers, scans, and a sync's changes (kept current without a rebuild, and with one). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../../domain/pos/catalogue-search.ts';
import type { CatalogueProduct } from '../../domain/pos/till.facts.ts';

const product = (id: number, name: string, sku: string, barcode: string | null = null, category_id: number | null = null): CatalogueProduct => ({
  id,
  name,
  sku,
  barcode,
  category_id,
  sale_price: 100 * id,
  tax_bps: 0,
  prices_include_tax: false,
  tracks_serials: false,
  unit_name: 'Unit',
  on_hand: 5,
  image: null,
});
const names = (ps: CatalogueProduct[]) => ps.map((p) => p.name);

const shop = () =>
  new CatalogueIndex([
    product(1, 'Copper Kettle', 'KET-001', '4006381333931', 1),
    product(2, 'Kettle descaler', 'DESC-2', null, 2),
    product(3, 'Electric kettle 1.7 l', 'KET-002', '5901234123457', 1),
    product(4, 'Teapot', 'TEA-1', null, 1),
    product(5, 'Crème brûlée torch', 'TORCH', null, 2),
    product(6, 'Pocketknife', 'KNIFE-1', null, 2),
    product(7, 'Ketchup', 'KET', '2100001000006', 2),
  ]);

describe('searching as the cashier types', () => {
  it('puts an exact code first, then words starting with the text, then text anywhere, each in name order', () => {
    const index = shop();
    // "ket": the SKU KET exactly, then "Copper Kettle", "Electric kettle…", "Kettle descaler" (word starts, and the SKUs KET-…), then "Pocketknife".
    expect(names(index.search('ket'))).toEqual(['Ketchup', 'Copper Kettle', 'Electric kettle 1.7 l', 'Kettle descaler', 'Pocketknife']);
    expect(names(index.search('KET-002'))).toEqual(['Electric kettle 1.7 l']);
    expect(names(index.search('4006381333931'))).toEqual(['Copper Kettle']);
    expect(names(index.search('400638'))).toEqual(['Copper Kettle']);
  });

  it('needs every word, in any order, and ignores accents and case', () => {
    const index = shop();
    expect(names(index.search('kettle el'))).toEqual(['Electric kettle 1.7 l']);
    expect(names(index.search('EL KETT'))).toEqual(['Electric kettle 1.7 l']);
    expect(names(index.search('creme brulee'))).toEqual(['Crème brûlée torch']);
    expect(names(index.search('brûl'))).toEqual(['Crème brûlée torch']);
    expect(index.search('kettle teapot')).toEqual([]);
  });

  it('keeps to a category, and lists a category by name with no text', () => {
    const index = shop();
    expect(names(index.search('ket', { categoryId: 1 }))).toEqual(['Copper Kettle', 'Electric kettle 1.7 l']);
    expect(names(index.search('', { categoryId: 2 }))).toEqual(['Crème brûlée torch', 'Ketchup', 'Kettle descaler', 'Pocketknife']);
    expect(index.search('4006381333931', { categoryId: 2 })).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(names(shop().search('ket', { limit: 2 }))).toEqual(['Ketchup', 'Copper Kettle']);
    expect(shop().search('', { limit: 3 })).toHaveLength(3);
  });

  it('finds a common first letter across thousands of products in name order', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => product(i + 1, `Product ${String(20_000 - i).padStart(5, '0')}`, `P${i + 1}`));
    const index = new CatalogueIndex(many);
    expect(names(index.search('p', { limit: 3 }))).toEqual(['Product 00001', 'Product 00002', 'Product 00003']);
    // Word starts first; then containing (SKU P19999 is Product 00002's, say).
    expect(names(index.search('product 1999')).slice(0, 11)).toEqual(['Product 19990', 'Product 19991', 'Product 19992', 'Product 19993', 'Product 19994', 'Product 19995', 'Product 19996', 'Product 19997', 'Product 19998', 'Product 19999', 'Product 00002']);
  });
});

describe('scanning', () => {
  it('finds a barcode exactly and a SKU in any case', () => {
    const index = shop();
    expect(index.byCode('5901234123457')?.id).toBe(3);
    expect(index.byCode('ket-001')?.id).toBe(1);
    expect(index.byCode('KET')?.id).toBe(7);
    expect(index.byCode('590123412345')).toBeUndefined();
    expect(index.byCode('')).toBeUndefined();
  });
});

describe('a sync’s changes', () => {
  it('takes a changed price, name and codes at once, and forgets the old ones', () => {
    const index = shop();
    index.apply([{ ...product(1, 'Copper Kettle Deluxe', 'KET-100', '9780201379624', 1), sale_price: 4999 }]);
    expect(index.byCode('4006381333931')).toBeUndefined();
    expect(index.byCode('KET-001')).toBeUndefined();
    expect(index.byCode('9780201379624')).toMatchObject({ id: 1, sale_price: 4999 });
    expect(index.search('deluxe').map((p) => p.sale_price)).toEqual([4999]);
    // The old entry is not found by its old words, nor twice by its new ones.
    expect(names(index.search('copper'))).toEqual(['Copper Kettle Deluxe']);
    expect(index.byId(1)?.name).toBe('Copper Kettle Deluxe');
  });

  it('adds new products and removes retired ones', () => {
    const index = shop();
    index.apply([product(8, 'Kettlebell', 'BELL-8', '0012345678905', 3)], [3, 99]);
    expect(index.size).toBe(7);
    expect(index.byCode('5901234123457')).toBeUndefined();
    expect(index.byId(3)).toBeUndefined();
    expect(names(index.search('kettle'))).toEqual(['Copper Kettle', 'Kettle descaler', 'Kettlebell']);
    expect(index.byCode('0012345678905')?.name).toBe('Kettlebell');
  });

  it('keeps a code that moved to another product with the product that has it now', () => {
    const index = shop();
    // Ketchup's barcode given to the teapot, in the same sync as Ketchup's change.
    index.apply([{ ...product(7, 'Ketchup', 'KET', null, 2) }, product(4, 'Teapot', 'TEA-1', '2100001000006', 1)]);
    expect(index.byCode('2100001000006')?.id).toBe(4);
    index.apply([{ ...product(4, 'Teapot', 'TEA-1', null, 1) }, product(7, 'Ketchup', 'KET', '2100001000006', 2)]);
    expect(index.byCode('2100001000006')?.id).toBe(7);
  });

  it('answers the same before and after the overlay is folded into a rebuild', () => {
    const base = Array.from({ length: 3000 }, (_, i) => product(i + 1, `Item ${i % 97} ${['red', 'green', 'blue'][i % 3]}`, `SKU-${i + 1}`, null, i % 4));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 4000 }), fc.constantFrom('red', 'amber', 'blue'), fc.boolean()), { minLength: 1, maxLength: 1200 }), (changes) => {
        const index = new CatalogueIndex(base);
        const truth = new Map(base.map((p) => [p.id, p]));
        const changed: CatalogueProduct[] = [];
        const retired: number[] = [];
        for (const [id, colour, retire] of changes) {
          if (retire) {
            retired.push(id);
            truth.delete(id);
          } else {
            const p = product(id, `Item ${id % 89} ${colour}`, `SKU-${id}`, null, id % 4);
            changed.push(p);
            truth.set(id, p);
          }
        }
        // Retired first, then changed: a product both retired and changed here comes back.
        for (const p of changed) truth.set(p.id, p);
        index.apply(changed, retired.filter((id) => !changed.some((p) => p.id === id)));
        const fresh = new CatalogueIndex(truth.values());
        expect(index.size).toBe(fresh.size);
        for (const q of ['amber', 'item 1', 'red', 'sku-12', 'een', '']) {
          expect(index.search(q, { limit: 10_000 }).map((p) => p.id).sort()).toEqual(fresh.search(q, { limit: 10_000 }).map((p) => p.id).sort());
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('a kept index (a warm start)', () => {
  const base = Array.from({ length: 2000 }, (_, i) => product(i + 1, `Item ${i % 97} ${['red', 'green', 'blue'][i % 3]}`, `SKU-${i + 1}`, i % 5 ? `40${String(i + 1).padStart(11, '0')}` : null, i % 4));
  const same = (a: CatalogueIndex, b: CatalogueIndex) => {
    expect(a.size).toBe(b.size);
    for (const q of ['amber', 'item 1', 'red', 'sku-12', 'een', 'item 5 blue', '']) {
      // In order too: restored or built, the built part is in name order and the overlay after it.
      expect(a.search(q, { limit: 10_000 }).map((p) => p.id).sort()).toEqual(b.search(q, { limit: 10_000 }).map((p) => p.id).sort());
    }
    for (const p of b.products()) {
      expect(a.byId(p.id)).toBe(p);
      if (p.barcode) expect(a.byCode(p.barcode)?.id).toBe(p.id);
      expect(a.byCode(p.sku.toLowerCase())?.id).toBe(p.id);
    }
  };

  it('restored from its snapshot (as IndexedDB keeps it) answers as one built afresh, the products changed since included', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 2600 }), fc.constantFrom('red', 'amber', 'blue'), fc.boolean()), { maxLength: 400 }), fc.boolean(), (changes, afterSync) => {
        const index = new CatalogueIndex(base);
        const truth = new Map(base.map((p) => [p.id, p]));
        const ids = new Set<number>();
        for (const [id, colour, retire] of changes) {
          ids.add(id);
          if (retire) truth.delete(id);
          else truth.set(id, product(id, `Item ${id % 89} ${colour}`, `SKU-${id}`, null, id % 4));
        }
        // Either the snapshot was made before the changes (kept beside them as ids), or after a sync applied them (its own overlay).
        let kept;
        if (afterSync) {
          index.apply(
            [...ids].flatMap((id) => truth.get(id) ?? []),
            [...ids].filter((id) => !truth.has(id)),
          );
          kept = structuredClone(index.snapshot());
        } else kept = { built: structuredClone(index.snapshot().built), changed: [...ids] };
        // The products come back from storage as new objects.
        const stored = structuredClone([...truth.values()]);
        const restored = new CatalogueIndex(stored, kept);
        // Restored, not built again behind the test's back (too few changes for a rebuild).
        expect(restored.snapshot().built).toBe(kept.built);
        same(restored, new CatalogueIndex(stored));
      }),
      { numRuns: 12 },
    );
  });

  it('is not trusted when it misses a product: the index is built afresh', () => {
    const kept = new CatalogueIndex(base.slice(0, 1000)).snapshot();
    const extra = product(5000, 'Ketchup red', 'KET', null, 1);
    const index = new CatalogueIndex([...base.slice(0, 1000), extra], kept);
    expect(index.search('ketchup').map((p) => p.id)).toEqual([5000]);
    expect(index.snapshot().built).not.toBe(kept.built);
    // A snapshot that accounts for everything is used as it is.
    const used = new CatalogueIndex(base.slice(0, 1000), kept);
    expect(used.snapshot().built).toBe(kept.built);
  });
});

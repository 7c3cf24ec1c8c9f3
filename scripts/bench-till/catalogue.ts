import { gtinCheckDigit } from '../../domain/stock/gtin.ts';
import type { CatalogueProduct } from '../../domain/pos/till.facts.ts';

/**
 * A generated till catalogue for the bench (scripts/bench-till.ts): n products with names of
 * two to four words from small lists (so words repeat as a shop's do), SKUs, EAN-13 barcodes
 * (most of them), 40 categories; the same for the same n every time.
 */

const ADJECTIVES = ['Copper', 'Steel', 'Electric', 'Classic', 'Large', 'Small', 'Organic', 'Blue', 'Red', 'Green', 'Premium', 'Compact', 'Glass', 'Wooden', 'Ceramic', 'Cast-iron', 'Bamboo', 'Smart', 'Vintage', 'Crème'];
const NOUNS = ['Kettle', 'Teapot', 'Mug', 'Tray', 'Pan', 'Knife', 'Board', 'Bowl', 'Jar', 'Lamp', 'Chair', 'Table', 'Towel', 'Blanket', 'Candle', 'Basket', 'Grinder', 'Scale', 'Bottle', 'Brush', 'Sponge', 'Whisk', 'Ladle', 'Sieve', 'Spoon'];
const EXTRAS = ['1.7 l', '500 ml', 'set of 4', 'XL', 'mini', '2-pack', 'refill', 'deluxe', 'travel', 'kids'];

/** mulberry32: a small seeded generator. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateCatalogue(n: number): CatalogueProduct[] {
  const rnd = random(35);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const id = i + 1;
    const words = [pick(ADJECTIVES), pick(NOUNS)];
    if (rnd() < 0.5) words.push(pick(EXTRAS));
    if (rnd() < 0.3) words.unshift(pick(ADJECTIVES));
    const body = `40${String(id).padStart(10, '0')}`;
    return {
      id,
      name: `${words.join(' ')} ${id.toString(36).toUpperCase()}`,
      sku: `${words[0]!.slice(0, 3).toUpperCase()}-${String(id).padStart(6, '0')}`,
      barcode: id % 10 === 0 ? null : body + String(gtinCheckDigit(body)),
      category_id: 1 + (id % 40),
      sale_price: 100 + Math.floor(rnd() * 20_000),
      prices_include_tax: false,
      tax_bps: 2000,
      tracks_serials: id % 50 === 0,
      unit_name: 'Unit',
      on_hand: Math.floor(rnd() * 40),
      image: null,
    };
  });
}

/** What a cashier types, a keystroke at a time: each query's every prefix is one search. */
export const TYPED = ['copper kettle', 'kett', 'electric kettle 1.7', 'cer mug', 'bamboo board set', 'kettle deluxe', 'sponge', 'ste', 'crème', 'CAS-0042', '4000000123', 'whisk red', 'xyz'];
export const keystrokes = (queries: readonly string[] = TYPED) => queries.flatMap((q) => [...q].map((_, i) => q.slice(0, i + 1)));

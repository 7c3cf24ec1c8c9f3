import { inArray } from 'drizzle-orm';
import { gtinCheckDigit } from '../domain/stock/barcode.ts';
import type { Db, Tx } from './db/index.ts';
import { generator } from './seeded-random.ts';
import { makeScaleLabel, SCALE_DEFAULTS } from '../domain/pos/scale.ts';
import { brands, categories, images, products, settings, units } from './db/schema.ts';
import { processImage } from './images/process.ts';
import { post, type PostLine } from './stock/ledger.ts';

/**
 * The demo shop's goods (PRODUCT §1): about 200 products across the seeded categories, brands
 * and units, each with a picture (one drawn per category, stored once by its hash and shared),
 * a valid barcode (most), opening stock 90 days ago and a few adjustments since, all posted
 * through the ledger so every level equals its movements. Phones and tablets track serial
 * numbers; some products sit at or below their alert quantity, a few are out of stock.
 * Runs once per database (its own marker, so a database seeded before products existed gets
 * them on its next start); everything but the dates is the same in every database.
 */
export const DEMO_STOCK_MARKER = 'demo.stock';

interface Line {
  /** Base names; each takes every variant. */
  items: readonly (readonly [name: string, cost: number])[];
  variants: readonly string[];
  category: string;
  brand: string;
  unit: string;
  sku: string;
  serials?: boolean;
  /** Sale price = cost × markup. */
  markup: number;
}

const COLOURS = ['Black', 'White', 'Navy'];
const SIZES = ['S', 'M', 'L', 'XL'];

export const DEMO_PRODUCT_LINES: readonly Line[] = [
  { category: 'Phones & Tablets', brand: 'Pixelon', unit: 'pcs', sku: 'PXL', serials: true, markup: 1.35, items: [['Pixelon 8', 42_000], ['Pixelon 8 Pro', 61_000], ['Pixelon Tab 11', 33_000], ['Pixelon Mini', 24_000]], variants: ['128 GB', '256 GB'] },
  { category: 'Phones & Tablets', brand: 'Pixelon', unit: 'pcs', sku: 'PXC', markup: 2.2, items: [['Pixelon 8 case', 900], ['Pixelon Tab cover', 1_400], ['Screen protector', 300], ['Car holder', 800], ['Charging dock', 1_900]], variants: COLOURS },
  { category: 'Audio', brand: 'Auralis', unit: 'pcs', sku: 'AUR', markup: 1.6, items: [['Auralis Buds', 2_600], ['Auralis Sport Buds', 3_200], ['Auralis Over-Ear', 5_400], ['Auralis Studio', 8_800], ['Auralis Go speaker', 3_100], ['Auralis Home speaker', 7_900]], variants: ['Black', 'White', 'Sky Blue'] },
  { category: 'Computer Accessories', brand: 'Voltix', unit: 'pcs', sku: 'VLX', markup: 1.9, items: [['USB-C cable 1 m', 250], ['USB-C cable 2 m', 320], ['Lightning cable 1 m', 280], ['Charger 20 W', 700], ['Charger 65 W', 1_600], ['Power bank 10,000 mAh', 1_500], ['Power bank 20,000 mAh', 2_400], ['HDMI cable 2 m', 400], ['Wireless charger', 1_200]], variants: ['White', 'Black'] },
  { category: 'Computer Accessories', brand: 'Northwind Basics', unit: 'pcs', sku: 'NWB', markup: 1.8, items: [['Wireless mouse', 900], ['Keyboard', 1_700], ['Mouse pad', 200], ['Laptop stand', 1_300], ['USB hub 4-port', 800], ['Webcam', 2_300]], variants: ['Black', 'Silver'] },
  { category: 'Cookware', brand: 'Kitchara', unit: 'pcs', sku: 'KIT', markup: 1.7, items: [['Frying pan', 1_500], ['Saucepan', 1_700], ['Stock pot', 2_600], ['Baking tray', 700], ['Wok', 2_100], ['Grill pan', 1_900]], variants: ['20 cm', '24 cm', '28 cm'] },
  { category: 'Cookware', brand: 'Cascade', unit: 'pcs', sku: 'CAS', markup: 1.5, items: [['Electric kettle', 1_900], ['Toaster', 2_200], ['Hand blender', 2_500], ['Coffee grinder', 2_800], ['Rice cooker', 3_300], ['Waffle maker', 2_600]], variants: ['White', 'Black'] },
  { category: 'Storage', brand: 'Tidy & Co', unit: 'pcs', sku: 'TDY', markup: 2, items: [['Glass jar', 250], ['Storage box', 600], ['Drawer organiser', 450], ['Vacuum container', 800], ['Laundry basket', 900], ['Shoe rack', 1_700]], variants: ['Small', 'Medium', 'Large'] },
  { category: 'Storage', brand: 'HearthCo', unit: 'box', sku: 'HRT', markup: 1.9, items: [['Freezer bags', 300], ['Food wrap', 250], ['Baking paper', 200]], variants: ['Box of 20', 'Box of 50'] },
  { category: 'Lighting', brand: 'Lumio', unit: 'pcs', sku: 'LUM', markup: 2.1, items: [['LED bulb E27', 180], ['LED bulb GU10', 160], ['Smart bulb E27', 900], ['LED strip 2 m', 1_100], ['Desk lamp', 1_800], ['Floor lamp', 3_900], ['Night light', 500], ['Outdoor lantern', 1_600]], variants: ['Warm white', 'Cool white'] },
  { category: "Men's Clothing", brand: 'Threadwell', unit: 'pcs', sku: 'THM', markup: 2.4, items: [['Cotton T-shirt', 450], ['Wool jumper', 2_200], ['Oxford shirt', 1_500], ['Chino trousers', 1_800], ['Hoodie', 1_600]], variants: SIZES },
  { category: "Women's Clothing", brand: 'Urban Loom', unit: 'pcs', sku: 'ULW', markup: 2.5, items: [['Linen top', 900], ['Knit cardigan', 2_100], ['Summer dress', 1_900], ['Denim jacket', 2_900], ['Striped sweater', 1_700]], variants: SIZES },
  { category: 'Household Cleaning', brand: 'Pureline', unit: 'l', sku: 'PUR', markup: 1.8, items: [['Laundry liquid', 350], ['Dish soap', 150], ['Floor cleaner', 220], ['Glass cleaner', 180], ['Bathroom cleaner', 200], ['Fabric softener', 260]], variants: ['1 l', '2 l'] },
  { category: 'Household Cleaning', brand: 'Pureline', unit: 'pack', sku: 'PUP', markup: 2, items: [['Sponges', 120], ['Microfibre cloths', 300], ['Scrub brushes', 250], ['Rubber gloves', 180]], variants: ['Pack of 3', 'Pack of 6'] },
];

/** One colour per category for its drawn picture. */
const CATEGORY_LOOK: Record<string, { bg: string; fg: string; shape: string }> = {
  'Phones & Tablets': { bg: '#1e3a8a', fg: '#bfdbfe', shape: '<rect x="140" y="70" width="120" height="240" rx="18"/><circle cx="200" cy="280" r="9" fill="#1e3a8a"/>' },
  Audio: { bg: '#7c3aed', fg: '#ede9fe', shape: '<path d="M110 230a90 90 0 0 1 180 0" fill="none" stroke="#ede9fe" stroke-width="22"/><rect x="92" y="220" width="44" height="80" rx="14"/><rect x="264" y="220" width="44" height="80" rx="14"/>' },
  'Computer Accessories': { bg: '#0f766e', fg: '#ccfbf1', shape: '<rect x="80" y="150" width="240" height="110" rx="16"/><rect x="110" y="180" width="180" height="14" fill="#0f766e"/><rect x="110" y="210" width="180" height="14" fill="#0f766e"/>' },
  Cookware: { bg: '#b45309', fg: '#fef3c7', shape: '<circle cx="180" cy="210" r="90"/><rect x="260" y="195" width="110" height="30" rx="15"/>' },
  Storage: { bg: '#4d7c0f', fg: '#ecfccb', shape: '<rect x="110" y="120" width="180" height="190" rx="20"/><rect x="95" y="100" width="210" height="40" rx="12"/>' },
  Lighting: { bg: '#ca8a04', fg: '#fef9c3', shape: '<circle cx="200" cy="170" r="80"/><rect x="170" y="240" width="60" height="60" rx="8"/>' },
  "Men's Clothing": { bg: '#334155', fg: '#e2e8f0', shape: '<path d="M140 90l-70 50 30 50 40-20v150h120V170l40 20 30-50-70-50c-10 25-30 35-60 35s-50-10-60-35z"/>' },
  "Women's Clothing": { bg: '#be185d', fg: '#fce7f3', shape: '<path d="M170 80h60l10 60 60 180H100l60-180z"/>' },
  'Household Cleaning': { bg: '#0369a1', fg: '#e0f2fe', shape: '<rect x="150" y="150" width="100" height="170" rx="22"/><rect x="175" y="100" width="50" height="55" rx="8"/><rect x="215" y="100" width="60" height="18" rx="6"/>' },
};

async function drawPicture(category: string): Promise<Uint8Array> {
  const look = CATEGORY_LOOK[category] ?? { bg: '#6b7280', fg: '#f3f4f6', shape: '<circle cx="200" cy="200" r="100"/>' };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${look.bg}"/><g fill="${look.fg}">${look.shape}</g></svg>`;
  const sharp = (await import('sharp')).default;
  return new Uint8Array(await sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer());
}

export interface DemoProduct {
  name: string;
  sku: string;
  barcode: string | null;
  category: string;
  brand: string;
  unit: string;
  cost_price: number;
  sale_price: number;
  tax_bps: number;
  alert_quantity: number;
  tracks_serials: boolean;
  status: 'active' | 'inactive';
}

/** The catalogue, from the lines above and a seeded generator: the same in every database. */
export function demoProducts(): DemoProduct[] {
  const rnd = generator(10_200);
  const out: DemoProduct[] = [];
  for (const line of DEMO_PRODUCT_LINES) {
    for (const [base, cost] of line.items) {
      for (const [vi, variant] of line.variants.entries()) {
        const i = out.length + 1;
        const costPrice = Math.round((cost * (1 + vi * 0.08)) / 10) * 10;
        // Prices end in .99 or .49, as shelves do.
        const sale = Math.max(99, Math.round((costPrice * line.markup) / 50) * 50 - 1);
        const body = `20${String(4_000_000_000 + i * 7_919).slice(-10)}`;
        out.push({
          name: `${base}, ${variant}`,
          sku: `${line.sku}-${String(i).padStart(4, '0')}`,
          // Most carry an in-store EAN-13; a few have none yet.
          barcode: i % 23 === 0 ? null : body + String(gtinCheckDigit(body)),
          category: line.category,
          brand: line.brand,
          unit: line.unit,
          cost_price: costPrice,
          sale_price: sale,
          tax_bps: line.category === 'Household Cleaning' ? 500 : 800,
          alert_quantity: line.serials ? 2 : rnd.int(3, 10),
          tracks_serials: line.serials === true,
          status: i % 41 === 0 ? 'inactive' : 'active',
        });
      }
    }
  }
  return out;
}

const DAY = 86_400_000;

/**
 * A product sold by weight, to try the till's scale labels on: its price is per kilogram and its
 * barcode is the base code of weight labels 21-00001 (the POS setting's default weight prefix),
 * so a label such as 2100001007508 (0.750 kg) sells one pack at 0.750 × the price. Its stock
 * counts the labelled packs (the ledger counts whole units). Apart from demoProducts(): the
 * seeded purchases and sales pick from those, and stay as they were.
 */
export const DEMO_WEIGHED: DemoProduct = {
  name: 'Coffee beans, by weight',
  sku: 'CAF-BEANS',
  barcode: makeScaleLabel(SCALE_DEFAULTS.weight_prefix, '00001', 0),
  category: 'Cookware',
  brand: 'Cascade',
  unit: 'kg',
  cost_price: 1_200,
  sale_price: 2_499,
  tax_bps: 800,
  alert_quantity: 5,
  tracks_serials: false,
  status: 'active',
};

export async function seedDemoStock(db: Db, now: Date = new Date()): Promise<boolean> {
  const claimed = await db.transaction(async (tx) => {
    const marker = await tx
      .insert(settings)
      .values({ key: DEMO_STOCK_MARKER, value: { seeded_at: now.toISOString() } })
      .onConflictDoNothing({ target: settings.key })
      .returning({ key: settings.key });
    if (!marker[0]) return false;
    await seedGoods(tx, now);
    return true;
  });
  return claimed;
}

async function idsByName(tx: Tx, table: typeof categories | typeof brands, names: string[]): Promise<Map<string, number>> {
  const rows = await tx.select({ id: table.id, name: table.name }).from(table).where(inArray(table.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function seedGoods(tx: Tx, now: Date): Promise<void> {
  const catalogue = [...demoProducts(), DEMO_WEIGHED];
  const categoryIds = await idsByName(tx, categories, [...new Set(catalogue.map((p) => p.category))]);
  const brandIds = await idsByName(tx, brands, [...new Set(catalogue.map((p) => p.brand))]);
  const unitRows = await tx.select({ id: units.id, short: units.short_name }).from(units);
  const unitIds = new Map(unitRows.map((u) => [u.short, u.id]));
  const pieces = unitIds.get('pcs');
  if (pieces === undefined) return; // The reference data was changed before products came: leave the goods out.

  // One picture per category, stored like an upload (re-encoded, thumbnailed) and shared by its products.
  const pictureOf = new Map<string, string>();
  for (const category of new Set(catalogue.map((p) => p.category))) {
    const img = await processImage(await drawPicture(category));
    await tx
      .insert(images)
      .values({ id: img.id, type: img.type, width: img.width, height: img.height, bytes: img.data.byteLength, data: img.data, thumb_type: img.thumbType, thumb_data: img.thumbData })
      .onConflictDoNothing({ target: images.id });
    pictureOf.set(category, img.id);
  }

  const rows = await tx
    .insert(products)
    .values(
      catalogue.map((p) => ({
        name: p.name,
        sku: p.sku,
        barcode: p.barcode,
        category_id: categoryIds.get(p.category) ?? null,
        brand_id: brandIds.get(p.brand) ?? null,
        unit_id: unitIds.get(p.unit) ?? pieces,
        cost_price: p.cost_price,
        sale_price: p.sale_price,
        tax_bps: p.tax_bps,
        alert_quantity: p.alert_quantity,
        tracks_serials: p.tracks_serials,
        image: pictureOf.get(p.category) ?? null,
        description: p === DEMO_WEIGHED ? 'Sold by weight at the price per kilogram: weigh it and scan the scale’s label. The stock counts labelled packs.' : `${p.name} from ${p.brand}.`,
        status: p.status,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: products.id, sku: products.sku });
  const idOf = new Map(rows.map((r) => [r.sku, r.id]));

  const rnd = generator(10_201);
  // Opening stock 90 days ago, then three counts (60, 30 and 7 days ago) where things were
  // found, damaged, lost or corrected: one ledger post per count and reason, every product in it.
  const ROUNDS = [60, 30, 7];
  const REASONS = ['found', 'damage', 'loss', 'count_correction'] as const;
  const opening: PostLine[] = [];
  const rounds = ROUNDS.map(() => new Map<(typeof REASONS)[number], PostLine[]>(REASONS.map((r) => [r, []])));
  for (const [i, p] of catalogue.entries()) {
    const id = idOf.get(p.sku);
    if (id === undefined) continue;
    // Every 9th product ends at or below its alert quantity, every 25th sold out.
    const lowEnd = i % 9 === 4;
    const outEnd = i % 25 === 7;
    const start = p.tracks_serials ? rnd.int(4, 9) : rnd.int(12, 60);
    const serialName = (k: number) => `${p.sku.replace('-', '')}-${String(k).padStart(5, '0')}`;
    const serials = p.tracks_serials ? Array.from({ length: start }, (_, k) => serialName(k + 1)) : undefined;
    opening.push({ productId: id, quantity: start, unitCost: p.cost_price, serials });
    let onHand = start;
    const inStock = serials ? [...serials] : [];
    let nextSerial = start + 1;
    const take = (round: number, quantity: number, reason: 'damage' | 'loss' | 'count_correction') => {
      const gone = serials ? inStock.splice(0, quantity) : undefined;
      rounds[round]!.get(reason)!.push({ productId: id, quantity: -quantity, serials: gone });
      onHand -= quantity;
    };
    // One to three of the counts find something to change for this product, the last one (if
    // any) bringing it down to where it ends; each reason once per count and product.
    const used = new Set<number>();
    for (let k = rnd.int(1, 3); k > 0; k--) used.add(rnd.int(0, 2));
    const target = outEnd ? 0 : lowEnd ? Math.max(0, p.alert_quantity - rnd.int(0, 2)) : -1;
    if (target >= 0) used.add(2);
    for (const round of [...used].sort()) {
      const roll = rnd.next();
      if (round === 2 && target >= 0) {
        if (onHand > target) take(round, onHand - target, 'count_correction');
        else if (onHand > 0) take(round, 1, 'damage');
        else {
          const found = serials ? [serialName(nextSerial++)] : undefined;
          if (found) inStock.push(...found);
          rounds[round]!.get('found')!.push({ productId: id, quantity: 1, serials: found });
          onHand++;
        }
      } else if (roll < 0.3 && onHand > 1) take(round, 1, roll < 0.15 ? 'damage' : 'loss');
      else if (roll < 0.55 && onHand > 2) take(round, rnd.int(1, 2), 'count_correction');
      else {
        const quantity = p.tracks_serials ? 1 : rnd.int(1, 3);
        const found = serials ? Array.from({ length: quantity }, () => serialName(nextSerial++)) : undefined;
        if (found) inStock.push(...found);
        rounds[round]!.get(roll < 0.8 ? 'found' : 'count_correction')!.push({ productId: id, quantity, serials: found });
        onHand += quantity;
      }
    }
  }
  if (opening.length) await post(tx, { kind: 'opening', reason: 'opening', note: 'Stock count when the shop opened.', lines: opening, userId: null, at: new Date(now.getTime() - 90 * DAY) });
  const notes = { found: 'Found in the storeroom.', damage: 'Damaged on the shelf.', loss: 'Missing at the count.', count_correction: 'Corrected at the count.' };
  for (const [k, byReason] of rounds.entries()) {
    for (const [r, reason] of REASONS.entries()) {
      const lines = byReason.get(reason)!;
      // A few minutes apart, in the order of the count.
      const at = new Date(now.getTime() - ROUNDS[k]! * DAY + r * 600_000);
      if (lines.length) await post(tx, { kind: 'adjustment', reason, note: notes[reason], lines, userId: null, at });
    }
  }
}

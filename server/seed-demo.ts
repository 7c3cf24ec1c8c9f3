import { inArray } from 'drizzle-orm';
import { posSetting, websiteSetting } from '../domain/resources/index.ts';
import type { Db, Tx } from './db/index.ts';
import { generator } from './seeded-random.ts';
import {
  attributes,
  attributeValues,
  banners,
  brands,
  categories,
  colors,
  customerCategories,
  customers,
  expenseCategories,
  expenses,
  services,
  settings,
  solutions,
  suppliers,
  units,
} from './db/schema.ts';

/**
 * The demo shop (PRODUCT §1): a small store for household goods, electronics and clothing.
 * Runs once per database: a marker row is written in the same transaction, so a second start,
 * or a second server starting at the same moment, adds nothing. Everything is derived from
 * fixed lists and a seeded generator, so every database gets the same shop; only expense
 * dates follow the clock, so the dashboard always has recent figures.
 */
export const DEMO_SHOP_MARKER = 'demo.shop';

export const DEMO_CUSTOMER_CATEGORIES = [
  { name: 'Retail', discount_bps: 0, description: 'Walk-in and online shoppers paying shelf prices.' },
  { name: 'Wholesale', discount_bps: 1000, description: 'Businesses buying in bulk for resale.' },
  { name: 'VIP', discount_bps: 500, description: 'Loyal customers with a standing discount.' },
];

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Ethan', 'Sophia', 'Mason', 'Isabella', 'Lucas', 'Mia', 'Aiden', 'Amelia', 'James', 'Harper', 'Daniel', 'Ella', 'Henry', 'Grace', 'Samuel', 'Chloe', 'David', 'Nora', 'Omar', 'Priya', 'Mateo', 'Hana', 'Kwame', 'Sofia', 'Jonas'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young', 'Hall', 'Nguyen', 'Patel', 'Kim', 'Okafor', 'Schmidt'];
const PLACES = [
  { city: 'Seattle', country: 'United States' },
  { city: 'Portland', country: 'United States' },
  { city: 'Denver', country: 'United States' },
  { city: 'Austin', country: 'United States' },
  { city: 'Chicago', country: 'United States' },
  { city: 'Boston', country: 'United States' },
  { city: 'Minneapolis', country: 'United States' },
  { city: 'Vancouver', country: 'Canada' },
  { city: 'Toronto', country: 'Canada' },
];
const STREETS = ['Maple Avenue', 'Oak Street', 'Pine Road', 'Cedar Lane', 'Elm Street', 'Lakeview Drive', 'Hillside Road', 'Harbor Way', 'Main Street', 'Park Avenue'];

export const DEMO_CUSTOMER_COUNT = 60;

function demoCustomers(categoryIds: Map<string, number>) {
  const rnd = generator(20_260_101);
  const out: (typeof customers.$inferInsert)[] = [];
  const used = new Set<string>();
  while (out.length < DEMO_CUSTOMER_COUNT) {
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    const email = `${first}.${last}@example.com`.toLowerCase();
    if (used.has(email)) continue;
    used.add(email);
    const place = rnd.pick(PLACES);
    const roll = rnd.next();
    const category = roll < 0.7 ? 'Retail' : roll < 0.88 ? 'Wholesale' : 'VIP';
    out.push({
      name: `${first} ${last}`,
      email,
      phone: `+1 555-01${String(out.length).padStart(2, '0')}`,
      address: `${rnd.int(10, 990)} ${rnd.pick(STREETS)}`,
      city: place.city,
      country: place.country,
      tax_number: category === 'Wholesale' ? `TX-${rnd.int(100000, 999999)}` : null,
      category_id: categoryIds.get(category) ?? null,
      status: rnd.next() < 0.08 ? 'inactive' : 'active',
    });
  }
  return out;
}

export const DEMO_SUPPLIERS = [
  ['Grace Okafor', 'Brightline Electronics Ltd', 'Shenzhen Road 18, Portland'],
  ['Tom Becker', 'Voltix Components', '220 Industrial Park, Austin'],
  ['Lena Fischer', 'Auralis Audio Supply', '14 Harbor Way, Seattle'],
  ['Raj Mehta', 'Hearth & Home Wholesale', '77 Warehouse Row, Chicago'],
  ['Carmen Ruiz', 'Kitchara Cookware Co.', '9 Foundry Street, Denver'],
  ['Peter Lindqvist', 'Nordic Storage Solutions', '3 Fjord Lane, Minneapolis'],
  ['Aisha Bello', 'Threadwell Textiles', '501 Mill Road, Boston'],
  ['Kenji Watanabe', 'Urban Loom Apparel', '88 Fashion Avenue, Vancouver'],
  ['Sarah Collins', 'Pureline Cleaning Products', '12 Lakeview Drive, Toronto'],
  ['Marco Bianchi', 'Lumio Lighting Imports', '45 Lantern Street, Seattle'],
  ['Hannah Schmidt', 'Cascade Small Appliances', '160 Riverside Road, Portland'],
  ['David Chen', 'Pacific Gadget Distributors', '300 Dockside Way, Vancouver'],
  ['Fatima Zahra', 'Greenleaf Packaging', '27 Cedar Lane, Austin'],
  ['Oliver Grant', 'Summit Office Supply', '5 Summit Plaza, Denver'],
  ['Nina Petrova', 'Evergreen Home Textiles', '61 Pine Road, Chicago'],
] as const;

/** [name, parent or null, description] — parents come first. */
export const DEMO_CATEGORIES = [
  ['Electronics', null, 'Phones, audio and accessories.'],
  ['Home & Kitchen', null, 'Everything for cooking and keeping house.'],
  ['Clothing', null, 'Everyday wear for the whole family.'],
  ['Household Cleaning', null, 'Detergents, sponges and cleaning tools.'],
  ['Phones & Tablets', 'Electronics', 'Smartphones, tablets and their cases.'],
  ['Audio', 'Electronics', 'Headphones, earbuds and speakers.'],
  ['Computer Accessories', 'Electronics', 'Keyboards, mice, cables and chargers.'],
  ['Cookware', 'Home & Kitchen', 'Pans, pots and baking trays.'],
  ['Storage', 'Home & Kitchen', 'Boxes, jars and organisers.'],
  ['Lighting', 'Home & Kitchen', 'Lamps and LED bulbs.'],
  ["Men's Clothing", 'Clothing', 'Shirts, jumpers and trousers.'],
  ["Women's Clothing", 'Clothing', 'Tops, dresses and knitwear.'],
] as const;

export const DEMO_BRANDS = [
  ['Northwind Basics', 'Our own label: good everyday value.'],
  ['Voltix', 'Chargers, cables and power banks.'],
  ['Auralis', 'Headphones and speakers.'],
  ['Pixelon', 'Phones, tablets and accessories.'],
  ['Kitchara', 'Cookware and kitchen tools.'],
  ['HearthCo', 'Home essentials.'],
  ['Pureline', 'Cleaning products.'],
  ['Lumio', 'LED lighting.'],
  ['Threadwell', 'Cotton and wool basics.'],
  ['Urban Loom', 'Casual clothing.'],
  ['Cascade', 'Small kitchen appliances.'],
  ['Tidy & Co', 'Storage and organisers.'],
] as const;

export const DEMO_ATTRIBUTES = {
  Size: ['S', 'M', 'L', 'XL'],
  Material: ['Cotton', 'Wool', 'Steel', 'Plastic'],
  Capacity: ['250 ml', '500 ml', '1 l'],
} as const;

export const DEMO_COLOURS = [
  ['Black', '#111827'],
  ['White', '#ffffff'],
  ['Silver', '#c0c0c0'],
  ['Charcoal', '#36454f'],
  ['Navy', '#1e3a8a'],
  ['Sky Blue', '#38bdf8'],
  ['Forest Green', '#166534'],
  ['Sage', '#9caf88'],
  ['Red', '#dc2626'],
  ['Mustard', '#d4a017'],
  ['Beige', '#e8dcc4'],
  ['Purple', '#7c3aed'],
] as const;

export const DEMO_UNITS = [
  ['Piece', 'pcs'],
  ['Kilogram', 'kg'],
  ['Box', 'box'],
  ['Litre', 'l'],
  ['Metre', 'm'],
  ['Pack', 'pack'],
] as const;

export const DEMO_EXPENSE_CATEGORIES = [
  ['Rent', 'Shop and storeroom rent.'],
  ['Utilities', 'Electricity, water and internet.'],
  ['Salaries', 'Staff wages.'],
  ['Shipping', 'Couriers and delivery costs.'],
  ['Marketing', 'Ads, flyers and promotions.'],
  ['Office Supplies', 'Receipt rolls, stationery and packaging.'],
] as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (now: Date, n: number) => isoDay(new Date(now.getTime() - n * 86_400_000));

/** About 40 expenses over the last 90 days: fixed monthly costs plus irregular ones. */
function demoExpenses(now: Date, categoryIds: Map<string, number>) {
  const rnd = generator(90);
  const out: (typeof expenses.$inferInsert)[] = [];
  const add = (category: string, ago: number, amount: number, reference: string | null, note: string | null) =>
    out.push({ category_id: categoryIds.get(category)!, date: daysAgo(now, ago), amount, reference, note });
  for (const [i, ago] of [88, 58, 28].entries()) {
    add('Rent', ago, 250_000, `RENT-${i + 1}`, 'Monthly shop rent');
    add('Utilities', ago - 3, rnd.int(18_000, 26_000), `ELEC-${i + 1}`, 'Electricity bill');
    add('Utilities', ago - 5, 7_999, `NET-${i + 1}`, 'Internet and phone line');
  }
  for (let ago = 84, n = 1; ago >= 0; ago -= 14, n++) add('Salaries', ago, 320_000, `PAY-${n}`, 'Staff wages, two weeks');
  const irregular = [
    ['Shipping', 'Courier pickups', 2_500, 9_000],
    ['Shipping', 'Freight for supplier order', 12_000, 30_000],
    ['Marketing', 'Social media ads', 5_000, 15_000],
    ['Marketing', 'Printed flyers', 3_000, 8_000],
    ['Office Supplies', 'Receipt paper rolls', 1_200, 3_500],
    ['Office Supplies', 'Packing tape and boxes', 2_000, 6_000],
  ] as const;
  let n = 1;
  while (out.length < 40) {
    const [category, note, min, max] = rnd.pick(irregular);
    add(category, rnd.int(0, 89), rnd.int(min, max), rnd.next() < 0.8 ? `INV-${String(1000 + n).padStart(5, '0')}` : null, note);
    n++;
  }
  return out;
}

const content = (rows: readonly (readonly [string, string, string, string])[]) =>
  rows.map(([title, subtitle, description, link], i) => ({ title, subtitle, description, link, sort_order: (i + 1) * 10, active: true }));

export const DEMO_SERVICES = content([
  ['Free delivery', 'On orders over $50', 'We deliver to your door within three working days.', '/delivery'],
  ['Easy returns', '30 days, no questions', 'Changed your mind? Bring it back within 30 days.', '/returns'],
  ['Device setup', 'We set it up for you', 'Phones and tablets set up and data moved while you wait.', '/services/setup'],
  ['Gift wrapping', 'Free for members', 'Any purchase wrapped and ready to give.', '/services/gifts'],
]);

export const DEMO_BANNERS = content([
  ['Summer kitchen sale', 'Up to 30% off cookware', 'Pans, pots and storage from Kitchara and Tidy & Co.', '/sale/kitchen'],
  ['New: Auralis wireless earbuds', 'Thirty hours of music', 'Now in store in black, white and sky blue.', '/products/audio'],
  ['Cosy wool knitwear', 'Threadwell autumn collection', 'Soft wool jumpers in five colours.', '/clothing'],
]);

export const DEMO_SOLUTIONS = content([
  ['Home office', 'Work comfortably at home', 'Keyboards, lighting and storage picked for a small desk.', '/solutions/home-office'],
  ['First flat', 'Everything to move in', 'Cookware, cleaning and storage bundles at one price.', '/solutions/first-flat'],
  ['Small business supply', 'Wholesale prices', 'Open a wholesale account and get 10% off every order.', '/solutions/wholesale'],
  ['Smart home starter', 'Lights and speakers', 'LED bulbs and speakers that work together.', '/solutions/smart-home'],
]);

export const DEMO_WEBSITE_SETTING = {
  shop_name: 'Northwind Home & Tech',
  logo: null,
  email: 'hello@northwind-home.example',
  phone: '+1 555-0100',
  address: '120 Market Street, Seattle, WA 98101',
  tax_number: 'US-91-4430217',
  currency: 'USD',
  facebook: 'https://facebook.com/northwindhometech',
  instagram: 'https://instagram.com/northwindhometech',
  twitter: null,
  youtube: null,
};

export const DEMO_POS_SETTING = {
  default_customer_id: null,
  default_tax_bps: 800,
  payment_methods: ['cash', 'card'],
  receipt_header: 'Northwind Home & Tech\n120 Market Street, Seattle',
  receipt_footer: 'Thank you for shopping with us! Returns within 30 days with this receipt.',
  show_product_images: true,
  invoice_prefix: 'INV-',
  invoice_yearly_restart: false,
};

/** name → id for rows matched by name (existing rows count: a clash keeps the existing one). */
async function idsByName(tx: Tx, table: typeof customerCategories | typeof categories | typeof expenseCategories | typeof attributes, names: readonly string[]) {
  const rows = await tx.select({ id: table.id, name: table.name }).from(table).where(inArray(table.name, [...names]));
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function seedDemoShop(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: DEMO_SHOP_MARKER, value: { seeded_at: now.toISOString() } })
      .onConflictDoNothing({ target: settings.key })
      .returning({ key: settings.key });
    if (!claimed[0]) return false;

    await tx.insert(customerCategories).values(DEMO_CUSTOMER_CATEGORIES).onConflictDoNothing();
    const customerCategoryIds = await idsByName(tx, customerCategories, DEMO_CUSTOMER_CATEGORIES.map((c) => c.name));
    await tx.insert(customers).values(demoCustomers(customerCategoryIds)).onConflictDoNothing();
    await tx
      .insert(suppliers)
      .values(
        DEMO_SUPPLIERS.map(([name, company, address], i) => ({
          name,
          company,
          address,
          email: `orders@${company.toLowerCase().replace(/[^a-z]+/g, '-').replace(/-(ltd|co)?-?$/, '')}.example`,
          phone: `+1 555-02${String(i).padStart(2, '0')}`,
          tax_number: `VAT-${String(40_000 + i * 137)}`,
        })),
      )
      .onConflictDoNothing();

    for (const [name, parentName, description] of DEMO_CATEGORIES) {
      const parentId = parentName ? (await idsByName(tx, categories, [parentName])).get(parentName) ?? null : null;
      await tx.insert(categories).values({ name, parent_id: parentId, description }).onConflictDoNothing();
    }
    await tx.insert(brands).values(DEMO_BRANDS.map(([name, description]) => ({ name, description }))).onConflictDoNothing();

    await tx.insert(attributes).values(Object.keys(DEMO_ATTRIBUTES).map((name) => ({ name }))).onConflictDoNothing();
    const attributeIds = await idsByName(tx, attributes, Object.keys(DEMO_ATTRIBUTES));
    const values = Object.entries(DEMO_ATTRIBUTES).flatMap(([attr, names]) =>
      names.map((name) => ({ attribute_id: attributeIds.get(attr)!, name })),
    );
    await tx.insert(attributeValues).values(values).onConflictDoNothing();

    await tx.insert(colors).values(DEMO_COLOURS.map(([name, hex]) => ({ name, hex }))).onConflictDoNothing();
    await tx.insert(units).values(DEMO_UNITS.map(([name, short_name]) => ({ name, short_name }))).onConflictDoNothing();

    await tx.insert(expenseCategories).values(DEMO_EXPENSE_CATEGORIES.map(([name, description]) => ({ name, description }))).onConflictDoNothing();
    const expenseCategoryIds = await idsByName(tx, expenseCategories, DEMO_EXPENSE_CATEGORIES.map(([name]) => name));
    await tx.insert(expenses).values(demoExpenses(now, expenseCategoryIds));

    await tx.insert(services).values(DEMO_SERVICES);
    await tx.insert(banners).values(DEMO_BANNERS);
    await tx.insert(solutions).values(DEMO_SOLUTIONS);

    // An administrator's own settings win over the demo ones.
    await tx
      .insert(settings)
      .values([
        { key: websiteSetting.key, value: DEMO_WEBSITE_SETTING },
        { key: posSetting.key, value: DEMO_POS_SETTING },
      ])
      .onConflictDoNothing({ target: settings.key });
    return true;
  });
}

// The bench's databases: a FRESH one of either kind, and the seed (customers generated with one
// INSERT … SELECT over generate_series). Shared by scripts/bench.ts (HTTP latency) and
// scripts/bench-browser.ts (Chromium); importing this module runs nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type postgres from 'postgres';
import { migrate, openDatabase, scratchDatabase, type DbHandle } from '../server/db/index.ts';
import { userRoles, users } from '../server/db/schema.ts';
import { issueToken } from '../server/auth/tokens.ts';
import { ensureSuperAdminRole, seedPermissions } from '../server/seed.ts';

const root = join(import.meta.dirname, '..');

// ——— seed ———

const FIRST = `Ada Alan Alice Amara Anton Aria Arjun Astrid Bea Bruno Carla Carlos Chen Chloe Dara Dmitri Elena Eli
Emma Ezra Farah Felix Freya Gabriel Greta Hana Hugo Ines Ivan Jade Jonas Julia Kai Karim Kenji Lara Leo Lina Luca
Maja Malik Mara Marco Maya Mila Nadia Nia Nico Noor Olga Omar Oscar Paula Pedro Priya Quentin Rafael Rania Rosa
Ruben Sana Sara Selin Sofia Soren Tara Theo Tomas Uma Valentina Vera Viktor Wei Wen Xavier Yara Yusuf Zara Zoe
Abel Bianca Cyrus Dalia Emil Fatima Goran Hedda Igor Jana Kofi Leila Mateo Nora Otto Pia Rami Signe`.split(/\s+/);
const LAST = `Moreau Smith Garcia Muller Rossi Kowalski Nielsen Tanaka Silva Novak Dubois Jensen Costa Ivanova Okafor
Haddad Larsen Fischer Romano Yilmaz Kim Nguyen Patel Santos Berg Ahmed Lopez Schmidt Bianchi Horvat Sato Li Ali
Kaur Meyer Weber Ferrari Lund Popescu Cohen`.split(/\s+/);
const CITIES = `Lisbon Porto Madrid Paris Lyon Berlin Hamburg Munich Rome Milan Vienna Prague Warsaw Krakow Oslo
Bergen Stockholm Gothenburg Copenhagen Aarhus Helsinki Tallinn Riga Vilnius Dublin Cork London Leeds Bristol
Edinburgh Glasgow Amsterdam Utrecht Brussels Ghent Zurich Geneva Basel Ljubljana Zagreb Split Athens Thessaloniki
Sofia Bucharest Budapest Bratislava Istanbul Izmir Nicosia Valletta Seville Valencia Bilbao Marseille Nice
Toulouse Bordeaux Cologne Leipzig Dresden Naples Turin Florence Graz Brno Gdansk Malmo Tampere Odense Galway
Manchester Liverpool Rotterdam Antwerp Luxembourg Lausanne Bern Salzburg Innsbruck Plovdiv Cluj Debrecen Kosice
Ankara Limassol Faro Coimbra Braga Granada Malaga Nantes Lille Bremen Stuttgart Bologna Genoa Verona`.split(/\s+/);

const sqlArray = (xs: readonly string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * One statement: names, emails, phones and cities vary with the row number so that sorting
 * and trigram search work on realistic data; created_at spreads over about two years.
 */
export const SEED_SQL = `
with f as (select ${sqlArray(FIRST)} as a), l as (select ${sqlArray(LAST)} as a), c as (select ${sqlArray(CITIES)} as a)
insert into customers (name, email, phone, address, city, country, tax_number, category_id, status, created_at, updated_at)
select
  f.a[1 + (i % ${FIRST.length})] || ' ' || l.a[1 + ((i / ${FIRST.length}) % ${LAST.length})] || ' ' || i,
  case when i % 10 = 0 then null
       else lower(f.a[1 + (i % ${FIRST.length})]) || '.' || lower(l.a[1 + ((i / ${FIRST.length}) % ${LAST.length})]) || i
            || '@' || (array['example.com','mail.test','shop.test','post.test'])[1 + (i % 4)] end,
  '+351 9' || lpad(((i * 7919) % 100000000)::text, 8, '0'),
  i || ' Rua ' || l.a[1 + (i % ${LAST.length})],
  c.a[1 + ((i * 31) % ${CITIES.length})],
  'Portugal',
  case when i % 3 = 0 then 'PT' || lpad(i::text, 9, '0') end,
  case when i % 5 = 0 then null else 1 + (i % 5) end,
  case when i % 11 = 0 then 'inactive' else 'active' end,
  now() - make_interval(mins => (i * 37) % 1000000),
  now()
from generate_series(1, $1::int) as g(i), f, l, c`;

/**
 * Expenses for the lists with money columns (their totals are summed over the whole filter):
 * five categories, one expense per row number, a date in the last ~3 years, 1.00–5,000.00.
 */
export const EXPENSES_SQL = `
insert into expenses (category_id, date, amount, reference, note, created_at, updated_at)
select 1 + (i % 5), current_date - (i % 1100), 100 + (i * 7919) % 499901, 'EXP-' || lpad(i::text, 7, '0'),
  case when i % 4 = 0 then 'Note ' || i end, now(), now()
from generate_series(1, $1::int) as g(i)`;

/**
 * The bench's Super Admin (bench@example.com), made if missing (a kept database has it already),
 * signed in: a token issued directly, as no password sign-in happens here (so no argon2).
 */
export async function benchAdmin(handle: DbHandle): Promise<{ token: string; pageSecret: string }> {
  await seedPermissions(handle.db);
  const roleId = await ensureSuperAdminRole(handle.db);
  const email = 'bench@example.com';
  const found = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [user] = found.length ? found : await handle.db.insert(users).values({ name: 'Bench Admin', email, password_hash: 'not-a-hash' }).returning({ id: users.id });
  await handle.db.insert(userRoles).values({ user_id: user!.id, role_id: roleId }).onConflictDoNothing();
  return issueToken(handle.db, user!.id, new Date(), 24);
}

export async function seed(handle: DbHandle, rows: number, opts: { expenses?: number } = {}): Promise<{ token: string; pageSecret: string; ms: number }> {
  await migrate(handle);
  const { token, pageSecret } = await benchAdmin(handle);

  const t0 = performance.now();
  await rawQuery(handle, `insert into customer_categories (name, discount_bps) select 'Category ' || i, i * 100 from generate_series(1, 5) i`);
  await rawQuery(handle, SEED_SQL, [rows]);
  if (opts.expenses) {
    await rawQuery(handle, `insert into expense_categories (name) select 'Expense category ' || i from generate_series(1, 5) i`);
    await rawQuery(handle, EXPENSES_SQL, [opts.expenses]);
    await rawQuery(handle, 'vacuum expenses');
    await rawQuery(handle, 'vacuum (analyze) expenses');
  }
  // A table that has just had 100,000 inserts gets autovacuumed; do it now so the visibility
  // map and statistics are what a live database has (index-only scans depend on it). Twice:
  // the pass right after the bulk insert leaves the pages it just saw not all-visible.
  await rawQuery(handle, 'vacuum customers');
  await rawQuery(handle, 'vacuum (analyze) customers');
  await rawQuery(handle, 'analyze');
  return { token, pageSecret, ms: performance.now() - t0 };
}

// ——— raw SQL on either driver ———

export type Client = { kind: 'pglite'; c: any } | { kind: 'postgres'; c: postgres.Sql };
export const clientOf = (handle: DbHandle): Client => {
  const c = (handle as unknown as { raw: { $client: unknown } }).raw.$client;
  return handle.kind === 'pglite' ? { kind: 'pglite', c } : { kind: 'postgres', c: c as postgres.Sql };
};

export async function rawQuery(handle: DbHandle, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const cl = clientOf(handle);
  if (cl.kind === 'pglite') return (await cl.c.query(text, params)).rows;
  return [...(await cl.c.unsafe(text, params as never[]))];
}

// ——— databases ———

export type Kind = 'pglite' | 'postgres';

/** A private PostgreSQL cluster in a temporary folder (scripts/pg-cluster.sh); `stop` removes it. */
export function privateCluster(): { url: string; stop: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const script = join(root, 'scripts', 'pg-cluster.sh');
  try {
    const url = execFileSync('bash', [script, 'start', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
    let stopped = false;
    return {
      url,
      stop: () => {
        if (stopped) return;
        stopped = true;
        execFileSync('bash', [script, 'stop', dir, '--rm'], { stdio: ['ignore', 'ignore', 'inherit'] });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** A fresh database of the kind; `done` drops it (and stops the private cluster). */
export async function openFresh(kind: Kind): Promise<{ handle: DbHandle; label: string; done: () => Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({});
    return { handle, label: 'PGlite (in memory)', done: () => handle.close() };
  }
  const given = process.env.BENCH_DATABASE_URL;
  const cluster = given ? undefined : privateCluster();
  // Ctrl-C or a failure before `done` still stops the cluster.
  const onSignal = () => {
    cluster?.stop();
    process.exit(130);
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  process.once('exit', () => cluster?.stop());
  const serverUrl = given ?? cluster!.url;
  const { handle, drop } = await scratchDatabase(serverUrl, 'bench');
  return {
    handle,
    label: given ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PostgreSQL (private cluster)',
    done: async () => {
      await handle.close();
      await drop();
      cluster?.stop();
    },
  };
}

// ——— products and the stock ledger (issue 10) ———

const ADJECTIVES = `Copper Steel Oak Linen Wool Cotton Glass Bamboo Ceramic Marble Velvet Cedar Silver Golden Rustic Nordic
Classic Compact Deluxe Folding Portable Smart Wireless Electric Manual Mini Large Slim Heavy Soft Warm Cool Bright Quiet
Rapid Eco Urban Coastal Alpine`.split(/\s+/);
const NOUNS = `Kettle Lamp Chair Table Mug Plate Bowl Knife Pan Pot Jar Box Basket Rug Towel Pillow Blanket Curtain Mirror
Clock Shelf Stool Bench Desk Cable Charger Speaker Headset Mouse Keyboard Router Camera Tripod Backpack Bottle Flask Grinder
Toaster Blender Heater Fan Candle Vase Frame Hook Hanger Brush Sponge Bucket Ladder Drill Hammer Wrench Tape Glue Scissors
Notebook Pen Marker Stapler`.split(/\s+/);

/** 100,000 products with a level and an opening movement each. */
export const PRODUCTS_SQL = `
with a as (select ${sqlArray(ADJECTIVES)} as w), n as (select ${sqlArray(NOUNS)} as w)
insert into products (name, sku, barcode, category_id, brand_id, unit_id, cost_price, sale_price, alert_quantity, status, created_at, updated_at)
select
  a.w[1 + (i % ${ADJECTIVES.length})] || ' ' || n.w[1 + ((i / ${ADJECTIVES.length}) % ${NOUNS.length})] || ' ' || i,
  'SKU-' || lpad(i::text, 7, '0'),
  case when i % 10 = 0 then null else '2' || lpad(i::text, 12, '0') end,
  1 + (i % 5), 1 + (i % 7), $2::int,
  100 + (i * 37) % 5000, 200 + (i * 53) % 9000, (i % 10),
  case when i % 13 = 0 then 'inactive' else 'active' end,
  now() - make_interval(mins => i), now()
from generate_series(1, $1::int) as g(i), a, n`;

/** The barcode of bench product `i` (see PRODUCTS_SQL). */
export const benchBarcode = (i: number) => `2${String(i).padStart(12, '0')}`;

/**
 * Products, their levels and opening movements, then `history` more movements of product 1
 * (in and out in turn, so its level stays 0 or 1 and equals its ledger).
 */
export async function seedStock(handle: DbHandle, rows: number, history: number): Promise<{ ms: number }> {
  const t0 = performance.now();
  await rawQuery(handle, `insert into categories (name) select 'Category ' || i from generate_series(1, 5) i on conflict do nothing`);
  await rawQuery(handle, `insert into brands (name) select 'Brand ' || i from generate_series(1, 7) i on conflict do nothing`);
  const [unit] = await rawQuery(handle, `insert into units (name, short_name) values ('Bench piece', 'bpc') returning id`);
  await rawQuery(handle, PRODUCTS_SQL, [rows, unit!.id]);
  await rawQuery(
    handle,
    `insert into stock_movements (product_id, kind, reason, quantity, unit_cost, value, qty_after, value_after, created_at)
     select id, 'opening', 'opening', 1 + id % 40, cost_price, (1 + id % 40) * cost_price, 1 + id % 40, (1 + id % 40) * cost_price, now() - interval '400 days'
     from products where id > 1`,
  );
  await rawQuery(
    handle,
    `insert into stock_movements (product_id, kind, reason, quantity, unit_cost, value, qty_after, value_after, created_at)
     select 1, 'adjustment', case when i % 2 = 1 then 'found' else 'loss' end, case when i % 2 = 1 then 1 else -1 end, 100,
            case when i % 2 = 1 then 100 else -100 end, i % 2, (i % 2) * 100, now() - make_interval(secs => $1::int - i)
     from generate_series(1, $1::int) as g(i)`,
    [history],
  );
  await rawQuery(
    handle,
    `insert into stock_levels (product_id, qty, avg_cost, movements)
     select product_id, sum(quantity), min(unit_cost), count(*) from stock_movements group by product_id`,
  );
  // low_stock too: the opening levels delete the row each new product got (never stocked: low).
  for (const t of ['products', 'stock_levels', 'stock_movements', 'low_stock']) {
    await rawQuery(handle, `vacuum ${t}`);
    await rawQuery(handle, `vacuum (analyze) ${t}`);
  }
  return { ms: performance.now() - t0 };
}

// ——— purchases (issue 11) ———

/** Bench receipts: this many ordered purchases of 20 lines each, one per receive request. */
export const RECEIPT_REFERENCE = 'PO-R';

/**
 * `rows` purchases from 100 suppliers over two years (their list, filters and totals), and
 * `receipts` ordered purchases of 20 lines of products 2–21, each received once by the bench.
 */
export async function seedPurchases(handle: DbHandle, rows: number, receipts: number): Promise<{ ms: number; firstReceipt: number; supplierId: number }> {
  const t0 = performance.now();
  await rawQuery(handle, `insert into suppliers (name, company) select 'Bench supplier ' || i, 'Bench Co ' || i from generate_series(1, 100) i`);
  const [s] = await rawQuery(handle, `select min(id)::int as id from suppliers`);
  const first = Number(s!.id);
  await rawQuery(
    handle,
    `insert into purchases (reference, supplier_id, purchased_on, status, subtotal, lines_total, grand_total, paid, payment_status, created_at, updated_at)
     select 'PO-' || lpad(i::text, 7, '0'), $2::int + (i % 100), current_date - (i % 730),
       (array['ordered','partial','received','received','cancelled','returned'])[1 + i % 6],
       1000 + (i * 37) % 90000, 1000 + (i * 37) % 90000, 1000 + (i * 37) % 90000,
       case i % 3 when 0 then 0 when 1 then (1000 + (i * 37) % 90000) / 2 else 1000 + (i * 37) % 90000 end,
       (array['due','partial','paid'])[1 + i % 3], now(), now()
     from generate_series(1, $1::int) as g(i)`,
    [rows, first],
  );
  const [r] = await rawQuery(
    handle,
    `with made as (
       insert into purchases (reference, supplier_id, purchased_on, status, created_at, updated_at)
       select '${RECEIPT_REFERENCE}' || lpad(i::text, 6, '0'), $2::int, current_date, 'ordered', now(), now() from generate_series(1, $1::int) as g(i)
       returning id)
     select min(id)::int as id from made`,
    [receipts, first],
  );
  const firstReceipt = Number(r!.id);
  await rawQuery(
    handle,
    `insert into purchase_lines (purchase_id, position, product_id, quantity, unit_cost, net, total)
     select p.id, k - 1, k + 1, 5, 100, 500, 500 from purchases p, generate_series(1, 20) as k
     where p.reference like '${RECEIPT_REFERENCE}%'`,
  );
  await rawQuery(handle, `update purchases set subtotal = 10000, lines_total = 10000, grand_total = 10000 where reference like '${RECEIPT_REFERENCE}%'`);
  for (const t of ['suppliers', 'purchases', 'purchase_lines']) {
    await rawQuery(handle, `vacuum ${t}`);
    await rawQuery(handle, `vacuum (analyze) ${t}`);
  }
  return { ms: performance.now() - t0, firstReceipt, supplierId: first + 7 };
}

// ——— sales (issue 34) ———

/**
 * `rows` sales over two years (their list, filters and totals): ten a customer of the first
 * 100,000, both channels, one in 20 pending, paid, partly paid and due in turn; references in a
 * series of their own (SL-0000001, seven digits) so the sales the bench posts number from SL-000001.
 * Returns the ids of active products the posting scenario sells, one unit each, never twice.
 */
export async function seedSales(handle: DbHandle, rows: number, posted: number): Promise<{ ms: number; sellable: number[] }> {
  const t0 = performance.now();
  await rawQuery(
    handle,
    `insert into sales (reference, customer_id, sold_on, channel, status, subtotal, lines_total, grand_total, paid, payment_status, created_at, updated_at)
     select 'SL-' || lpad(i::text, 7, '0'), case when i % 4 = 0 then null else 1 + (i::bigint * 7919) % 100000 end, current_date - (i % 730),
       case when i % 3 = 0 then 'backoffice' else 'pos' end, case when i % 20 = 0 then 'pending' else 'completed' end,
       500 + (i * 37) % 40000, 500 + (i * 37) % 40000, 500 + (i * 37) % 40000,
       case i % 5 when 0 then 0 when 1 then (500 + (i * 37) % 40000) / 2 else 500 + (i * 37) % 40000 end,
       (array['due','partial','paid','paid','paid'])[1 + i % 5], now(), now()
     from generate_series(1, $1::int) as g(i)`,
    [rows],
  );
  for (const t of ['sales', 'document_tallies_by_day', 'document_tallies_by_party']) {
    await rawQuery(handle, `vacuum ${t}`);
    await rawQuery(handle, `vacuum (analyze) ${t}`);
  }
  // Active (every 13th is not), in stock (an opening of 1 + id % 40), not touched by other scenarios (1–21).
  const found = await rawQuery(handle, `select id from products where id > 100 and status = 'active' order by id limit $1::int`, [posted]);
  return { ms: performance.now() - t0, sellable: found.map((r) => Number(r.id)) };
}

// ——— a year of selling (issue 36: the dashboard and the reports) ———

/**
 * `sales` completed sales over the last 365 days, 1–4 lines each over the bench products (their
 * prices and costs, 10% tax), paid in full by cash, card or bank transfer, recorded by four cashiers in
 * a register session a day each; one in 200 has its first line returned the next day, refunded.
 * Also an expense a day. Made with INSERT … SELECT generate_series in chunks, through the
 * database's own triggers (tallies, the sale_days rollup). Run seedStock first.
 */
export async function seedSaleHistory(handle: DbHandle, sales: number, products: number): Promise<{ ms: number }> {
  const t0 = performance.now();
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2g$bench';
  await rawQuery(handle, `insert into users (name, email, password_hash) select 'Bench cashier ' || i, 'cashier' || i || '@bench.test', $1 from generate_series(1, 4) i`, [hash]);
  const [u] = await rawQuery(handle, `select min(id)::int as id from users where email like 'cashier%@bench.test'`);
  const cashier = Number(u!.id);
  await rawQuery(
    handle,
    `insert into register_sessions (reference, opened_by, opened_on, status, opening_float, closed_at, closed_by, closing, difference, created_at, updated_at)
     select 'RS-B' || lpad((d * 4 + c)::text, 6, '0'), $1::int + c, current_date - d, case when d = 0 then 'open' else 'closed' end, 10000,
            case when d = 0 then null else (current_date - d) + time '18:00' end, case when d = 0 then null else $1::int + c end,
            case when d = 0 then null else jsonb_build_array(jsonb_build_object('method', 'cash', 'expected', 50000 + d, 'counted', 50000 + d - (d % 3) * 50, 'difference', -(d % 3) * 50)) end,
            case when d = 0 then null else -(d % 3) * 50 end, (current_date - d) + time '08:00', now()
     from generate_series(0, 364) d, generate_series(0, 3) c`,
    [cashier],
  );
  const [first] = await rawQuery(handle, `select coalesce(max(id), 0)::int as id from sales`);
  const base = Number(first!.id);
  // A line k of sale i: its product, units, price and cost (the bench product's, PRODUCTS_SQL).
  const line = `(1 + ((i::bigint * 7919 + k * 104729) % $3::int))::int`;
  const CHUNK = 100_000;
  for (let from = 1; from <= sales; from += CHUNK) {
    const to = Math.min(sales, from + CHUNK - 1);
    const lines = `select i, k, ${line} as product_id, 1 + (i + k) % 3 as quantity from generate_series(1, 1 + i % 4) k`;
    await rawQuery(
      handle,
      `insert into sales (id, reference, sold_on, channel, status, register_session_id, subtotal, line_tax, lines_total, grand_total, paid, payment_status, created_by, created_at, updated_at)
       select $4::int + i, 'SH-' || lpad(i::text, 8, '0'), current_date - (i % 365), case when i % 3 = 0 then 'backoffice' else 'pos' end, 'completed', null,
              t.net, t.tax, t.net + t.tax, t.net + t.tax, t.net + t.tax, 'paid', $5::int + i % 4, now(), now()
       from generate_series($1::int, $2::int) i
       cross join lateral (select sum(l.quantity * p.sale_price)::bigint as net, sum(l.quantity * p.sale_price / 10)::bigint as tax
                           from (${lines}) l join products p on p.id = l.product_id) t`,
      [from, to, products, base, cashier],
    );
    await rawQuery(
      handle,
      `insert into sale_lines (sale_id, position, product_id, quantity, unit_price, unit_cost, tax_bps, net, tax, total)
       select $4::int + l.i, l.k - 1, l.product_id, l.quantity, p.sale_price, p.cost_price, 1000, l.quantity * p.sale_price, l.quantity * p.sale_price / 10, l.quantity * p.sale_price + l.quantity * p.sale_price / 10
       from generate_series($1::int, $2::int) i cross join lateral (${lines}) l join products p on p.id = l.product_id`,
      [from, to, products, base],
    );
    await rawQuery(
      handle,
      `insert into document_payments (doc_type, doc_id, paid_on, amount, method)
       select 'sale', s.id, s.sold_on, s.grand_total, (array['cash', 'card', 'bank'])[1 + s.id % 3] from sales s where s.id between $1::int and $2::int`,
      [base + from, base + to],
    );
  }
  await rawQuery(handle, `select setval(pg_get_serial_sequence('sales', 'id'), (select max(id) from sales))`);
  // One in 200 sales: its first line comes back the next day (today at the latest), refunded in cash.
  await rawQuery(
    handle,
    `insert into sale_returns (reference, sale_id, returned_on, subtotal, tax_total, grand_total, refunded, created_by)
     select 'SR-B' || s.id, s.id, least(s.sold_on + 1, current_date), l.net, l.tax, l.total, l.total, s.created_by
     from sales s join sale_lines l on l.sale_id = s.id and l.position = 0 where s.reference like 'SH-%' and s.id % 200 = 0`,
  );
  await rawQuery(
    handle,
    `insert into sale_return_lines (return_id, position, sale_line_id, product_id, quantity, unit_price, unit_cost, tax_bps, net, tax, total)
     select x.id, 0, l.id, l.product_id, l.quantity, l.unit_price, l.unit_cost, l.tax_bps, l.net, l.tax, l.total
     from sale_returns x join sale_lines l on l.sale_id = x.sale_id and l.position = 0 where x.reference like 'SR-B%'`,
  );
  await rawQuery(handle, `insert into document_payments (doc_type, doc_id, paid_on, amount, method) select 'sale_return', x.id, x.returned_on, x.refunded, 'cash' from sale_returns x where x.reference like 'SR-B%'`);
  await rawQuery(handle, `update sales s set returned_total = x.grand_total, refunded = x.refunded from sale_returns x where x.sale_id = s.id and x.reference like 'SR-B%'`);
  await rawQuery(handle, `insert into expense_categories (name) values ('Bench running costs') on conflict do nothing`);
  await rawQuery(handle, `insert into expenses (category_id, date, amount) select (select min(id) from expense_categories), current_date - d, 2000 + d * 7 % 5000 from generate_series(0, 364) d`);
  for (const t of ['sales', 'sale_lines', 'sale_returns', 'sale_return_lines', 'document_payments', 'register_sessions', 'sale_days', 'expenses']) {
    await rawQuery(handle, `vacuum (analyze) ${t}`);
  }
  return { ms: performance.now() - t0 };
}

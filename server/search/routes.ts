import { asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { adminHref } from '../../domain/paths.ts';
import { customers as CUSTOMER, suppliers as SUPPLIER } from '../../domain/resources/index.ts';
import { mayOpen, routeByName } from '../../domain/routes.ts';
import { searchQuery } from '../../domain/search-query.ts';
import { referenceForms, SEARCH_API, SEARCH_CONTAINS_MIN, SEARCH_GROUP_MAX, SEARCH_GROUP_RIGHTS, type SearchGroup, type SearchGroupKey, type SearchHit } from '../../domain/search.ts';
import { containsPattern, lowerContains } from '../crud/index.ts';
import { rowsOf } from '../crud/sql.ts';
import type { Db } from '../db/index.ts';
import { creditNotes, customers, invoices, orders, products, purchases, quotations, saleReturns, sales, suppliers } from '../db/schema.ts';
import { route, type RouteDef } from '../http/context.ts';

/**
 * GET SEARCH_API?q=: the top bar's search (domain/search.ts). Each group is asked only for who
 * holds its list right, and a document kind only for who may open its page, so nobody learns
 * of a record they could not open. Every lookup is served by an index: products by the unique
 * barcode and lower(sku) and the lower() trigram indexes; customers by their trigram indexes;
 * documents by an exact reference on each reference's unique index (suppliers are few).
 */

interface Ask {
  q: string;
  /** The contains-pattern of `q`; null when `q` is too short to search names with (SEARCH_CONTAINS_MIN). */
  pattern: string | null;
  held: readonly string[];
  db: Db;
}

const detailOf = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' · ') || null;

async function findProducts({ q, pattern, db }: Ask): Promise<SearchHit[]> {
  const exact = or(eq(products.barcode, q), sql`lower(${products.sku}) = lower(${q})`)!;
  const rows = await db
    .select({ id: products.id, name: products.name, sku: products.sku, barcode: products.barcode, status: products.status, exact: sql<boolean>`coalesce(${exact}, false)` })
    .from(products)
    .where(pattern ? or(exact, lowerContains(products.name, pattern), lowerContains(products.sku, pattern)) : exact)
    .orderBy(sql`coalesce(${exact}, false) desc`, asc(products.name), asc(products.id))
    .limit(SEARCH_GROUP_MAX);
  return rows.map((r) => ({
    label: r.name,
    detail: detailOf(`SKU ${r.sku}`, r.barcode && `barcode ${r.barcode}`, r.status === 'inactive' && 'inactive'),
    href: adminHref(routeByName('productView').path, { id: r.id }),
    exact: Boolean(r.exact),
  }));
}

/** A person or company: its edit page for who may edit it, else its list searched for its name. */
function partyFinder(table: typeof customers | typeof suppliers, columns: PgColumn[], edit: string, list: string) {
  return async ({ pattern, held, db }: Ask): Promise<SearchHit[]> => {
    if (!pattern) return [];
    const rows = await db
      .select({ id: table.id, name: table.name, email: table.email, phone: table.phone })
      .from(table as PgTable)
      .where(or(...columns.map((c) => ilike(c, pattern))))
      .orderBy(asc(table.name), asc(table.id))
      .limit(SEARCH_GROUP_MAX);
    const editable = mayOpen(routeByName(edit), held);
    return rows.map((r) => ({
      label: r.name,
      detail: detailOf(r.email, r.phone),
      href: editable ? adminHref(routeByName(edit).path, { id: r.id }) : adminHref(routeByName(list).path, {}, `?search=${encodeURIComponent(r.name)}`),
      exact: false,
    }));
  };
}

/** Each kind of document found by its reference, the page that shows it and the day it bears. */
const DOCUMENT_KINDS: readonly { kind: string; table: PgTable; ref: PgColumn; day: PgColumn; target: PgColumn; route: string }[] = [
  { kind: 'Purchase', table: purchases, ref: purchases.reference, day: purchases.purchased_on, target: purchases.id, route: 'purchaseEdit' },
  { kind: 'Sale', table: sales, ref: sales.reference, day: sales.sold_on, target: sales.id, route: 'saleEdit' },
  { kind: 'Sale return', table: saleReturns, ref: saleReturns.reference, day: saleReturns.returned_on, target: saleReturns.sale_id, route: 'saleEdit' },
  { kind: 'Quotation', table: quotations, ref: quotations.reference, day: quotations.quoted_on, target: quotations.id, route: 'quotationView' },
  { kind: 'Order', table: orders, ref: orders.reference, day: orders.ordered_on, target: orders.id, route: 'orderDetails' },
  { kind: 'Invoice', table: invoices, ref: invoices.number, day: invoices.issued_on, target: invoices.id, route: 'invoice' },
  { kind: 'Credit note', table: creditNotes, ref: creditNotes.number, day: creditNotes.issued_on, target: creditNotes.id, route: 'creditNote' },
];

async function findDocuments({ q, held, db }: Ask): Promise<SearchHit[]> {
  const kinds = DOCUMENT_KINDS.filter((k) => mayOpen(routeByName(k.route), held));
  if (!kinds.length) return [];
  const forms = referenceForms(q);
  // One round trip: each kind's exact reference, on its unique index.
  const parts: SQL[] = kinds.map(
    (k, i) => sql`(select ${i} as kind, ${k.target} as target, ${k.ref} as ref, ${k.day}::text as day from ${k.table} where ${inArray(k.ref, forms)})`,
  );
  const rows = await rowsOf<{ kind: number; target: number; ref: string; day: string }>(db, sql`${sql.join(parts, sql` union all `)} limit ${SEARCH_GROUP_MAX}`);
  return rows.map((r) => {
    const k = kinds[Number(r.kind)]!;
    return { label: r.ref, detail: detailOf(k.kind, r.day), href: adminHref(routeByName(k.route).path, { id: r.target }), exact: true };
  });
}

const GROUPS: readonly { key: SearchGroupKey; label: string; find: (ask: Ask) => Promise<SearchHit[]> }[] = [
  { key: 'documents', label: 'Documents', find: findDocuments },
  { key: 'products', label: 'Products', find: findProducts },
  { key: 'customers', label: 'Customers', find: partyFinder(customers, [customers.name, customers.email, customers.phone], `${CUSTOMER.key}Edit`, CUSTOMER.key) },
  { key: 'suppliers', label: 'Suppliers', find: partyFinder(suppliers, [suppliers.name, suppliers.company, suppliers.email], `${SUPPLIER.key}Edit`, SUPPLIER.key) },
];

export const searchRoutes: RouteDef[] = [
  route('GET', SEARCH_API, 'auth', {
    summary: 'Search everywhere: products (name, SKU, exact barcode), customers, suppliers and documents by reference, each group only for who may list it',
    query: searchQuery,
    handler: async (c, input) => {
      const { q } = input.query();
      const held = [...c.var.auth.permissions];
      const ask: Ask = { q, pattern: q.length >= SEARCH_CONTAINS_MIN ? containsPattern(q) : null, held, db: c.var.db };
      const allowed = GROUPS.filter((g) => SEARCH_GROUP_RIGHTS[g.key].some((p) => held.includes(p)));
      const found = await Promise.all(allowed.map(async (g): Promise<SearchGroup> => ({ key: g.key, label: g.label, hits: await g.find(ask) })));
      return c.json({ groups: found.filter((g) => g.hits.length > 0) }, 200);
    },
  }),
];

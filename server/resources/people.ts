import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import * as R from '../../domain/resources/index.ts';
import { customerCategories, customers, orders, purchases, sales, suppliers } from '../db/schema.ts';
import { countOf, countWhere, qualified, serverResource } from '../crud/index.ts';
import { plural } from '../../domain/text.ts';

export const statusFilter = (col: PgColumn) => (v: string) =>
  v === 'active' || v === 'inactive' ? eq(col, v) : undefined;

export const customerCategoryResource = serverResource({
  def: R.customerCategories,
  table: customerCategories,
  extra: { customers_count: countOf(customers, customers.category_id, customerCategories.id).as('customers_count') },
  sort: {
    name: customerCategories.name,
    discount_bps: customerCategories.discount_bps,
    customers_count: countOf(customers, customers.category_id, customerCategories.id),
  },
  search: [customerCategories.name],
  unique: { customer_categories_name_unique: { field: 'name', message: 'A customer category with this name already exists.' } },
  usedBy: [countWhere(customers, customers.category_id, (n) => plural(n, 'customer', 'customers'))],
});

/**
 * What a customer owes the shop, the one place it is defined: the balance of their completed
 * sales (total less what came back, less paid, plus refunds: the sale page's due) and of their
 * website orders once accepted (processing, shipped or delivered: total less paid). Pending sales
 * and orders are not owed yet; a cancelled order is not owed. Negative: the shop owes them.
 * No totals row: summed over every customer it would be one subquery per customer on each list
 * request (100,000 customers in the bench).
 */
export const customerDue = sql<number>`((select coalesce(sum(s.grand_total - s.returned_total - s.paid + s.refunded), 0) from ${sales} s where s.customer_id = ${qualified(customers.id)} and s.status = 'completed')
  + (select coalesce(sum(o.grand_total - o.paid), 0) from ${orders} o where o.customer_id = ${qualified(customers.id)} and o.status in ('processing', 'shipped', 'delivered')))::float8`;

export const customerResource = serverResource({
  def: R.customers,
  table: customers,
  extra: { category_name: sql<string | null>`${customerCategories.name}`.as('category_name'), due: customerDue.as('due') },
  joins: [{ table: customerCategories, on: eq(customerCategories.id, customers.category_id) }],
  // The till's customer picker prices the cart with the customer's category discount.
  optionFields: { discount_bps: sql<number>`coalesce(${customerCategories.discount_bps}, 0)` },
  sort: {
    name: customers.name,
    email: customers.email,
    city: customers.city,
    status: customers.status,
    created_at: customers.created_at,
    due: customerDue,
  },
  search: [customers.name, customers.email, customers.phone],
  filters: { status: statusFilter(customers.status) },
  unique: { customers_email_unique: { field: 'email', message: 'Another customer already has this email address.' } },
  references: { customers_category_id_customer_categories_id_fk: { field: 'category_id', message: 'This category no longer exists. Choose another.' } },
});

/** What the shop owes a supplier over all its purchases: totals less payments (a credit is negative). */
const balanceDue = sql<number>`(select coalesce(sum(p.grand_total - p.paid), 0) from ${purchases} p where p.supplier_id = ${qualified(suppliers.id)})::float8`;

export const supplierResource = serverResource({
  def: R.suppliers,
  table: suppliers,
  extra: { balance_due: balanceDue.as('balance_due') },
  totals: { balance_due: balanceDue },
  sort: { name: suppliers.name, company: suppliers.company, status: suppliers.status, balance_due: balanceDue },
  search: [suppliers.name, suppliers.company, suppliers.email, suppliers.phone],
  filters: { status: statusFilter(suppliers.status) },
  unique: { suppliers_email_unique: { field: 'email', message: 'Another supplier already has this email address.' } },
  usedBy: [countWhere(purchases, purchases.supplier_id, (n) => plural(n, 'purchase', 'purchases'))],
});

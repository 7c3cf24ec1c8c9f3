import type { FieldDef } from '../../../domain/resource.ts';

/**
 * The party a document is with, as a header field the generic relation view draws: purchases
 * name a supplier; sales, quotations and orders a customer (none on a sale: walk-in).
 */
export const SUPPLIER_FIELD: FieldDef = { name: 'supplier_id', label: 'Supplier', kind: 'relation', relation: 'suppliers', required: true };
export const CUSTOMER_FIELD: FieldDef = { name: 'customer_id', label: 'Customer', kind: 'relation', relation: 'customers' };

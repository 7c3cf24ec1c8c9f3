import { eq } from 'drizzle-orm';
import { posSetting } from '../../domain/resources/index.ts';
import type { SingletonDef } from '../../domain/resource.ts';
import type { Db, Tx } from '../db/index.ts';
import { customerCategories, customers } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';
import { readSetting } from '../resources/settings.ts';
import type { ScalePrefixes } from '../../domain/pos/scale.ts';

/**
 * What a sale takes from the shop and its customer rather than from the body: the customer when
 * none is named (the POS setting's default; none there: a walk-in), the payment methods the shop
 * takes (the POS setting's; another is a 422 under `payments.N.method`), and the discount of the
 * customer's category (basis points, taken off every line).
 */
export interface SaleTerms {
  customerId: number | null;
  categoryBps: number;
  /** The POS setting's scale label prefixes, that a till line's label is read under. */
  scale: ScalePrefixes;
}

type Pos = { default_customer_id?: number | null; payment_methods?: string[]; scale_weight_prefix?: string | null; scale_price_prefix?: string | null };
const readPos = async (tx: Tx) => (await readSetting(tx as unknown as Db, posSetting as unknown as SingletonDef)) as Pos;

/**
 * Money in or out by `field` (payments, refunds) only by the methods the shop takes (the POS
 * setting's): else a 422 under `field.N.method`; `field` null: one payment, under `method`.
 */
export async function checkMethods(tx: Tx, field: string | null, items: readonly { method: string }[], pos?: Pos): Promise<void> {
  if (!items.length) return;
  const methods = (pos ?? (await readPos(tx))).payment_methods ?? [];
  const refused = items.flatMap((p, i) =>
    methods.includes(p.method) ? [] : [[field === null ? 'method' : `${field}.${i}.method`, [`The shop does not take ${p.method} payments (the POS setting takes ${methods.join(', ')}). Choose one of those.`]]],
  );
  if (refused.length) throw validationError(Object.fromEntries(refused));
}

export async function saleTerms(tx: Tx, body: { customer_id?: number | null | undefined; payments: readonly { method: string }[] }): Promise<SaleTerms> {
  const pos = await readPos(tx);
  await checkMethods(tx, 'payments', body.payments, pos);
  const customerId = body.customer_id ?? pos.default_customer_id ?? null;
  const scale = { weight_prefix: pos.scale_weight_prefix ?? '', price_prefix: pos.scale_price_prefix ?? '' };
  if (customerId === null) return { customerId, categoryBps: 0, scale };
  const [row] = await tx
    .select({ bps: customerCategories.discount_bps })
    .from(customers)
    .leftJoin(customerCategories, eq(customerCategories.id, customers.category_id))
    .where(eq(customers.id, customerId));
  return { customerId, categoryBps: row?.bps ?? 0, scale };
}

/** The category's share of a line (shared with the till's cart): domain/documents/sale.ts. */
export { categoryDiscount } from '../../domain/documents/sale.ts';

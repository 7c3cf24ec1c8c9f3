import { eq } from 'drizzle-orm';
import type { PosTerms } from '../../domain/pos/till.ts';
import { posSetting, websiteSetting } from '../../domain/resources/index.ts';
import type { SingletonDef } from '../../domain/resource.ts';
import type { Db } from '../db/index.ts';
import { customerCategories, customers } from '../db/schema.ts';
import { readSetting } from '../resources/settings.ts';

type Pos = { default_customer_id: number | null; default_tax_bps: number; payment_methods: string[]; receipt_header: string | null; receipt_footer: string | null; show_product_images: boolean; scale_weight_prefix: string; scale_price_prefix: string };
type Web = { shop_name: string | null; currency: string; address: string | null; tax_number: string | null; logo: string | null };

/** The terms the till sells on and prints, from the POS and website settings and the default customer (with their category's discount). */
export async function posTerms(db: Db): Promise<PosTerms> {
  const [pos, web] = (await Promise.all([readSetting(db, posSetting as unknown as SingletonDef), readSetting(db, websiteSetting as unknown as SingletonDef)])) as [Pos, Web];
  const [customer] = pos.default_customer_id
    ? await db
        .select({ id: customers.id, name: customers.name, discount_bps: customerCategories.discount_bps })
        .from(customers)
        .leftJoin(customerCategories, eq(customerCategories.id, customers.category_id))
        .where(eq(customers.id, pos.default_customer_id))
    : [];
  return {
    shop: { name: web.shop_name ?? '', currency: web.currency, address: web.address ?? '', tax_number: web.tax_number ?? '', logo: web.logo ?? '' },
    default_customer: customer ? { id: customer.id, name: customer.name, discount_bps: customer.discount_bps ?? 0 } : null,
    default_tax_bps: pos.default_tax_bps,
    payment_methods: pos.payment_methods,
    receipt_header: pos.receipt_header ?? '',
    receipt_footer: pos.receipt_footer ?? '',
    show_product_images: pos.show_product_images,
    scale: { weight_prefix: pos.scale_weight_prefix ?? '', price_prefix: pos.scale_price_prefix ?? '' },
  };
}

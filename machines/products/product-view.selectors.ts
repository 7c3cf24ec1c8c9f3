import { formatAmount, formatPercent, type Display } from '../../domain/format.ts';
import type { Permission } from '../../domain/permissions.ts';
import { products } from '../../domain/resources/product.ts';
import { STOCK_ACCESS } from '../../domain/stock/access.ts';
import type { StockState } from '../../domain/stock/kinds.ts';

/**
 * What a product's own page shows: its facts in the order a person reads them, its stock
 * figures, its serial numbers in stock, and what this person may do from here.
 */
export interface ProductFacts {
  name: string;
  imageUrl: string | null;
  details: { label: string; value: string; kind?: 'money' | 'mono' }[];
  stock: { onHand: number; state: StockState; alertQuantity: number; avgCost: number; stockValue: number };
  serials: { shown: string[]; total: number } | null;
  status: string;
}

const str = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0) || 0);

/** `display`: the shop's currency in the person's locale, for the prices. */
export function productFacts(p: Record<string, unknown>, display: Display): ProductFacts {
  const tax = num(p.tax_bps);
  return {
    name: str(p.name),
    imageUrl: typeof p.image_url === 'string' ? p.image_url : null,
    status: str(p.status),
    details: [
      { label: 'SKU', value: str(p.sku), kind: 'mono' },
      { label: 'Barcode', value: str(p.barcode), kind: 'mono' },
      { label: 'Category', value: str(p.category_name) },
      { label: 'Brand', value: str(p.brand_name) },
      { label: 'Unit', value: str(p.unit_name) },
      { label: 'Colour', value: str(p.color_name) },
      { label: 'Sale price', value: formatAmount(num(p.sale_price), display), kind: 'money' },
      { label: 'Cost price', value: formatAmount(num(p.cost_price), display), kind: 'money' },
      { label: 'Tax', value: tax === 0 ? 'None' : `${formatPercent(tax)}%, ${p.tax_method === 'inclusive' ? 'included in the price' : 'added to the price'}` },
      { label: 'Serial numbers', value: p.tracks_serials ? 'Tracked, one per unit' : 'Not tracked' },
    ],
    stock: {
      onHand: num(p.on_hand),
      state: (p.stock_state as StockState) ?? 'out',
      alertQuantity: num(p.alert_quantity),
      avgCost: num(p.avg_cost),
      stockValue: num(p.stock_value),
    },
    serials: p.tracks_serials ? { shown: Array.isArray(p.serials_in_stock) ? p.serials_in_stock.map(String) : [], total: num(p.serials_in_stock_count) } : null,
  };
}

/** The page's buttons, by this person's rights. */
export const productActions = (held: ReadonlySet<Permission>) => ({
  edit: held.has(products.permissions.edit),
  adjust: held.has(STOCK_ACCESS.stockAdjust),
  history: held.has(STOCK_ACCESS.productHistory),
});

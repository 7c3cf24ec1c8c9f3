import { expect, type Page } from '@playwright/test';
import type { AdminApi } from './pages.ts';
import { ean13 } from './purchase-pages.ts';

/**
 * The till at `path` with its register open: opened with a float of 100.00 when the person has
 * none open, or found open (the specs share one session per person, opened once). Returns the
 * page's main region and the till's search box.
 */
export async function openTill(page: Page, path = '/admin/pos') {
  const main = page.getByRole('main');
  const search = main.getByRole('searchbox', { name: 'Search or scan' });
  await page.goto(path);
  const open = main.getByRole('button', { name: 'Open register' });
  await expect(open.or(search)).toBeVisible();
  if (await open.isVisible()) {
    await main.getByRole('textbox', { name: 'Opening float' }).fill('100.00');
    await open.click();
  }
  await expect(search).toBeVisible();
  return { main, search };
}

/** A product of the shop's for a till spec to sell: its own EAN-13 barcode, 12.50, `stock` on hand. */
export async function tillProduct(api: AdminApi, name: string, stock = 3) {
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const barcode = ean13(`23${String(Date.now()).slice(-10)}`);
  const product = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `${name} ${tag}`, sku: `T-${tag}`, barcode, unit_id: unit!.id, cost_price: 900, sale_price: 1250 });
  await api.create('/api/v1/admin/stock/adjustments', { product_id: product.id, quantity: stock, reason: 'opening', unit_cost: 900 });
  return { ...product, barcode };
}

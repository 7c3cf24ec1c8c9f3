/**
 * Search everywhere, as a person at the counter uses it: Ctrl+K from a list, a barcode scanned
 * into the palette (a scanner types fast and presses Enter before any answer), and the
 * product's page opens; Esc from a second opening gives the focus back to where it was.
 */
import { expect, test } from '@playwright/test';
import { asAdmin } from './support/pages.ts';
import { ean13 } from './support/purchase-pages.ts';

test('Ctrl+K, a scanned barcode and Enter open the product; Esc gives the focus back', async ({ page, request }) => {
  const { api } = await asAdmin(page, request);
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const code = ean13(`22${String(Date.now()).slice(-10)}`);
  const found = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Scanned kettle ${tag}`, sku: `SK-${tag}`, barcode: code, unit_id: unit!.id, cost_price: 600, sale_price: 1250 });
  // A look-alike whose name holds the code: only the exact barcode may come first.
  await api.create('/api/v1/admin/products', { name: `Kettle lid ${code}`, sku: `KL-${tag}`, unit_id: unit!.id, cost_price: 100, sale_price: 250 });

  await page.goto('/admin/products');
  const menuButton = page.getByRole('button', { name: /navigation menu/ });
  await menuButton.focus();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search everywhere' });
  const box = palette.getByRole('combobox', { name: 'Search everywhere' });
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await box.pressSequentially(code, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/product/view/${found.id}$`));
  await expect(palette).toBeHidden();
  await expect(page.getByRole('main')).toContainText(found.name);
});

/**
 * Selling from the back office, tried as a new user would: a product found by name and another
 * scanned, paid by cash and card (the change comes out of the cash), the sale completed with its
 * invoice; then a sale of more than is in stock, refused with the server's message under that
 * line's quantity, nothing recorded; then a serial-tracked product sold with serials picked from
 * those in stock and one typed, one not in stock refused under its line, and its later payment
 * offered by the methods the shop takes only, and a pending sale of it completed by picking its
 * serial in the Complete panel; and one line of a completed, invoiced sale returned
 * with a cash refund: the sale shows it came back, the return and its credit note, which opens.
 */
import { expect, test } from '@playwright/test';
import { SALES_API } from '../../domain/documents/sale.ts';
import { asAdmin } from './support/pages.ts';
import { ean13, PurchaseFormPage } from './support/purchase-pages.ts';

test('a sale with a split payment completes with its invoice; an oversell is refused under its line', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { api } = await asAdmin(page, request);
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const code = ean13(`21${String(Date.now()).slice(-10)}`);
  const lamp = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Desk lamp ${tag}`, sku: `DL-${tag}`, unit_id: unit!.id, cost_price: 600, sale_price: 1250 });
  const bulb = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Bulb ${tag}`, sku: `BU-${tag}`, barcode: code, unit_id: unit!.id, cost_price: 100, sale_price: 250 });
  for (const p of [lamp, bulb]) await api.create('/api/v1/admin/stock/adjustments', { product_id: p.id, quantity: 3, reason: 'opening', unit_cost: 100 });
  const form = new PurchaseFormPage(page);
  const main = page.getByRole('main');

  await test.step('two lines, one found by name and one scanned; cash and card with change', async () => {
    await form.open('/admin/sales/create', 'Create sale');
    await form.addProduct(lamp.name);
    await form.scan(code);
    await expect(form.line(bulb.name)).toBeVisible();
    await form.scan(code);
    await expect(form.quantity(bulb.name)).toHaveValue('2');
    // 12.50 + 2 × 2.50 = 17.50: 10.00 in cash and 10.00 by card, 2.50 back.
    await main.getByRole('button', { name: 'Add a payment' }).click();
    await main.getByRole('button', { name: 'Add a payment' }).click();
    await main.getByRole('group', { name: 'Payment 1' }).getByRole('textbox', { name: 'Amount' }).fill('10.00');
    const second = main.getByRole('group', { name: 'Payment 2' });
    await second.locator('select').selectOption({ label: 'Card' });
    await second.getByRole('textbox', { name: 'Amount' }).fill('10.00');
    await expect(main.getByRole('region', { name: 'Payments' }).or(main.locator('[aria-labelledby="payments-title"]'))).toContainText('2.50');
    await main.getByRole('button', { name: 'Save sale' }).click();
    await expect(page).toHaveURL(/\/admin\/sales\/edit\/\d+$/);
    await expect(main.getByText(/^SL-\d{6}$/).first()).toBeVisible();
    await expect(main).toContainText('Completed');
    await expect(main.getByRole('link', { name: /^INV-\d{6}$/ })).toBeVisible();
    const payments = main.getByRole('table').filter({ hasText: 'Method' });
    await expect(payments).toContainText('Cash');
    await expect(payments).toContainText('$7.50');
    await expect(payments).toContainText('Card');
    await expect(payments).toContainText('$10.00');
  });

  await test.step('more than is in stock: refused under the line’s quantity, nothing recorded', async () => {
    await form.open('/admin/sales/create', 'Create sale');
    await form.addProduct(lamp.name);
    await form.quantity(lamp.name).fill('9');
    await main.getByRole('button', { name: 'Save sale' }).click();
    await expect(main.getByRole('list', { name: 'Lines' }).getByText(`Not enough stock of “${lamp.name}”: 2 available, 9 needed.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/sales\/create$/);
    const left = await api.list<{ id: number; on_hand: number }>('/api/v1/admin/products', { search: lamp.name, per_page: '10' });
    expect(left.find((p) => p.id === lamp.id)?.on_hand).toBe(2);
  });

  await test.step('a serial-tracked line picks its serials: the quantity follows; one not in stock is refused under it', async () => {
    const phone = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Phone ${tag}`, sku: `PH-${tag}`, unit_id: unit!.id, cost_price: 10000, sale_price: 20000, tracks_serials: true });
    await api.create('/api/v1/admin/stock/adjustments', { product_id: phone.id, quantity: 3, reason: 'opening', unit_cost: 10000, serials: [`A-${tag}`, `B-${tag}`, `C-${tag}`] });
    await form.open('/admin/sales/create', 'Create sale');
    await form.addProduct(phone.name);
    const serials = main.getByRole('combobox', { name: `Serial numbers of ${phone.name}` });
    await serials.click();
    await page.getByRole('option', { name: `B-${tag}` }).click();
    await expect(form.quantity(phone.name)).toHaveValue('1');
    // Typed (or scanned) and Enter: the list is not waited for, the stock is asked, and one not in it is refused at once.
    await serials.fill(`ZZ-${tag}`);
    await serials.press('Enter');
    await expect(form.line(phone.name).getByText(`Serial number ZZ-${tag} of ${phone.name} is not in stock.`)).toBeVisible();
    await expect(form.quantity(phone.name)).toHaveValue('1');
    await serials.fill(`C-${tag}`);
    await serials.press('Enter');
    await expect(form.quantity(phone.name)).toHaveValue('2');
    const named = main.getByRole('list', { name: `Serial numbers named for ${phone.name}` });
    await expect(named.getByRole('listitem')).toHaveText([`B-${tag}`, `C-${tag}`]);
    await main.getByRole('button', { name: 'Save sale' }).click();
    await expect(page).toHaveURL(/\/admin\/sales\/edit\/\d+$/);
    await expect(main).toContainText('Completed');
    // Nothing paid yet: its payment panel offers the methods the shop takes (cash and card), no bank transfer.
    await main.getByRole('button', { name: 'Add payment' }).click();
    const method = main.getByRole('form', { name: 'Add a payment' }).locator('select');
    await expect(method.locator('option')).toHaveText(['Cash', 'Card']);
    const left = await api.list<{ id: number; serial: string; state: string }>(`/api/v1/admin/products/${phone.id}/serials`, { per_page: '10' });
    expect(left.map((x) => `${x.serial} ${x.state}`).sort()).toEqual([`A-${tag} in_stock`, `B-${tag} sold`, `C-${tag} sold`]);

    // A pending sale of the phone names no serial; completing it picks the last one in stock.
    const pending = await api.create<{ id: number }>(SALES_API, { sold_on: new Date().toISOString().slice(0, 10), status: 'pending', lines: [{ product_id: phone.id, quantity: 1 }] });
    await page.goto(`/admin/sales/edit/${pending.id}`);
    await main.locator('[data-action="complete"]').click();
    const panel = main.getByRole('form', { name: 'Complete the sale' });
    const picker = panel.getByRole('combobox', { name: `Serial numbers of ${phone.name}` });
    await picker.click();
    await page.getByRole('option', { name: `A-${tag}` }).click();
    await expect(panel.getByRole('list', { name: `Serial numbers named for ${phone.name}` }).getByRole('listitem')).toHaveText([`A-${tag}`]);
    await panel.getByRole('button', { name: 'Complete sale' }).click();
    await expect(main).toContainText('Completed');
    await expect(main.getByRole('link', { name: /^INV-\d{6}$/ })).toBeVisible();
  });
});

test('part of a sale returned: one line of a completed, invoiced sale back with a cash refund, its credit note opens', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { api } = await asAdmin(page, request);
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const mug = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Mug ${tag}`, sku: `MG-${tag}`, unit_id: unit!.id, cost_price: 300, sale_price: 800 });
  await api.create('/api/v1/admin/stock/adjustments', { product_id: mug.id, quantity: 3, reason: 'opening', unit_cost: 300 });
  const sale = await api.create<{ id: number; reference: string }>(SALES_API, { sold_on: new Date().toISOString().slice(0, 10), lines: [{ product_id: mug.id, quantity: 2 }], payments: [{ method: 'cash', amount: 1600 }] });
  const main = page.getByRole('main');

  await page.goto(`/admin/sales/edit/${sale.id}`);
  await main.getByRole('button', { name: 'Return', exact: true }).click();
  const panel = main.getByRole('form', { name: 'Return goods' });
  await panel.getByRole('textbox', { name: `Return how many of ${mug.name}` }).fill('1');
  // Its value as typed, by the totals function the server uses: one mug of two, paid in full.
  await expect(panel.getByRole('group', { name: 'What it is worth' })).toContainText('$8.00');
  await panel.getByRole('button', { name: 'Add a refund' }).click();
  await panel.getByRole('group', { name: 'Refund 1' }).getByRole('textbox', { name: 'Amount' }).fill('8.00');
  await panel.getByRole('button', { name: 'Record return' }).click();

  await expect(panel).toBeHidden();
  const lines = main.getByRole('table').filter({ hasText: 'Returned' }).first();
  // Product, Sold, Returned: 2 sold, 1 back.
  const cells = lines.getByRole('row', { name: new RegExp(mug.name) }).getByRole('cell');
  await expect(cells.nth(1)).toHaveText('2');
  await expect(cells.nth(2)).toHaveText('1');
  const returns = main.locator('[aria-labelledby="returns-title"]').first();
  await expect(returns).toContainText(/SR-\d{6}/);
  await expect(returns).toContainText('Cash $8.00');
  const note = returns.getByRole('link', { name: /^Credit note CN-\d{6}$/ });
  await expect(note).toBeVisible();
  await expect(main.getByText('Refunded', { exact: true })).toBeVisible();
  const number = (await note.innerText()).replace('Credit note ', '');
  await note.click();
  await expect(page.getByRole('article', { name: `Credit note ${number}` })).toBeVisible();
});

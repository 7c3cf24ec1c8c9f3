/**
 * The till's main path, as a cashier walks it: open the register with a counted float, scan a
 * product (a scanner types fast and ends with Enter) into the search box and again into another
 * text box, pay cash with change, see the receipt with the sale's number; and the customer
 * display, a second window, following the cart, the total and the change.
 */
import { expect, test } from '@playwright/test';
import { asAdmin } from './support/pages.ts';
import { ean13 } from './support/purchase-pages.ts';
import { makeScaleLabel } from '../../domain/pos/scale.ts';
import { openTill } from './support/till.ts';

test('open the register, scan a product, pay cash with change, see the receipt', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { api, token } = await asAdmin(page, request);
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const code = ean13(`22${String(Date.now()).slice(-10)}`);
  const kettle = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Kettle ${tag}`, sku: `KT-${tag}`, barcode: code, unit_id: unit!.id, cost_price: 900, sale_price: 1250 });
  await api.create('/api/v1/admin/stock/adjustments', { product_id: kettle.id, quantity: 3, reason: 'opening', unit_cost: 900 });
  const main = page.getByRole('main');

  await page.goto('/admin/pos');
  // A session left open by an earlier run is closed first, so the register opens from its form.
  const open = main.getByRole('button', { name: 'Open register' });
  const search = main.getByRole('searchbox', { name: 'Search or scan' });
  await expect(open.or(search)).toBeVisible();
  if (await search.isVisible()) {
    await main.getByRole('button', { name: 'Close register' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close register' }).click();
    await main.getByRole('button', { name: 'Open a new session' }).click();
  }

  // The screen facing the customer, opened before the sale: it waits, then follows the till.
  const display = await page.context().newPage();
  await display.goto('/admin/pos/display');
  await expect(display.getByRole('heading', { name: /^Welcome/ })).toBeVisible();

  await test.step('open with a counted float', async () => {
    await main.getByRole('textbox', { name: 'Opening float' }).fill('100.00');
    await open.click();
    await expect(search).toBeFocused();
  });

  await test.step('a scan: fast keys and Enter put the product in the cart, focus stays in the search', async () => {
    await search.pressSequentially(code, { delay: 10 });
    await search.press('Enter');
    const cart = main.getByRole('list', { name: 'Cart lines' });
    await expect(cart).toContainText(kettle.name);
    await expect(cart.getByRole('textbox', { name: `Quantity of ${kettle.name}` })).toHaveValue('1');
    await expect(cart).toContainText('2 left');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');
    await expect(display.getByRole('list', { name: 'Items' })).toContainText(kettle.name);
  });

  await test.step('a scan lands while another text box has the focus, and leaves that box as it was', async () => {
    const quantity = main.getByRole('textbox', { name: `Quantity of ${kettle.name}` });
    await quantity.focus();
    await quantity.pressSequentially(code, { delay: 10 });
    await quantity.press('Enter');
    await expect(quantity).toHaveValue('2');
    await expect(main.getByRole('list', { name: 'Cart lines' })).toContainText('1 left');
    await quantity.fill('1');
    await quantity.press('Tab');
    await expect(main.getByRole('list', { name: 'Cart lines' })).toContainText('2 left');
  });

  // 12.50 and the POS setting's order tax on it.
  const { data: terms } = await (await request.get('/api/v1/admin/pos/terms', { headers: { authorization: `Bearer ${token}` } })).json();
  const total = 1250 + Math.round((1250 * terms.default_tax_bps) / 10000);
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  await test.step('pay 20.00 in cash: the change shown large, then the receipt', async () => {
    await page.keyboard.press('F9');
    const pay = page.getByRole('dialog', { name: `Pay ${dollars(total)}` });
    await pay.getByRole('button', { name: 'Cash $20.00' }).click();
    await expect(pay.getByTestId('change')).toHaveText(dollars(2000 - total));
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    const receipt = page.getByRole('dialog', { name: 'Sale complete' });
    await expect(receipt.getByRole('article', { name: 'Receipt' })).toContainText(/SL-\d{6}/);
    await expect(receipt).toContainText(`Change ${dollars(2000 - total)}`);
    await expect(receipt.getByRole('img', { name: /^Barcode SL-\d{6}$/ })).toBeVisible();
    await expect(display.getByText('Thank you!')).toBeVisible();
    await expect(display.getByRole('main')).toContainText(dollars(2000 - total));
    const reference = (await receipt.getByRole('img', { name: /^Barcode SL-\d{6}$/ }).getAttribute('alt'))!.replace('Barcode ', '');
    await receipt.getByRole('button', { name: 'New sale' }).click();
    await expect(search).toBeFocused();
    // Reprint: the last receipt comes back (Alt+P), and leaves the till as it was.
    await page.keyboard.press('Alt+P');
    await expect(receipt.getByRole('article', { name: 'Receipt' })).toContainText(reference);
    await page.keyboard.press('Escape');
    await expect(receipt).toBeHidden();
    await expect(search).toBeFocused();
  });
});

test('a scale label sells its weight, a misread one is refused, and the customer picked by Alt+C takes their category discount', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { api } = await asAdmin(page, request);
  const tag = Date.now().toString(36);
  const five = String(Date.now()).slice(-5);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  // 20.00 a kilogram, tax aside (a product taxed at 0 and the POS setting's order tax below).
  const beans = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Beans ${tag}`, sku: `BN-${tag}`, barcode: makeScaleLabel('21', five, 0), unit_id: unit!.id, cost_price: 900, sale_price: 2000, tax_bps: 0 });
  await api.create('/api/v1/admin/stock/adjustments', { product_id: beans.id, quantity: 3, reason: 'opening', unit_cost: 900 });
  const category = await api.create<{ id: number }>('/api/v1/admin/customer-categories', { name: `Tenth ${tag}`, discount_bps: 1000 });
  await api.create('/api/v1/admin/customers', { name: `Vera ${tag}`, category_id: category.id });
  const main = page.getByRole('main');
  const search = main.getByRole('searchbox', { name: 'Search or scan' });
  const cart = main.getByRole('list', { name: 'Cart lines' });

  await openTill(page);
  await expect(search).toBeFocused();
  await page.keyboard.press('Alt+n');

  await test.step('a weight label: 0.500 kg at 20.00 a kilogram is one line of 10.00', async () => {
    await search.pressSequentially(makeScaleLabel('21', five, 500), { delay: 10 });
    await search.press('Enter');
    await expect(cart).toContainText(beans.name);
    await expect(cart).toContainText('0.500 kg');
    await expect(cart).toContainText('$10.00');
  });

  await test.step('a label misread (its check digit does not fit) says so and adds nothing', async () => {
    const good = makeScaleLabel('21', five, 250);
    await search.pressSequentially(`${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`, { delay: 10 });
    await search.press('Enter');
    await expect(main.getByRole('alert')).toContainText('This scale label was misread');
    await expect(cart.getByRole('listitem')).toHaveCount(1);
  });

  await test.step('Alt+C: search the customers, Enter picks; the category’s 10% comes off', async () => {
    await page.keyboard.press('Alt+c');
    const picker = page.getByRole('dialog', { name: 'Customer' });
    await picker.getByRole('combobox', { name: 'Search customers' }).pressSequentially(`Vera ${tag}`, { delay: 20 });
    await expect(page.getByRole('option', { name: `Vera ${tag}` })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(picker).toBeHidden();
    await expect(main.getByRole('button', { name: new RegExp(`^Customer: Vera ${tag}`) })).toBeVisible();
    await expect(cart).toContainText('$9.00');
  });

  await test.step('the server prices the label line itself and records the sale', async () => {
    await page.keyboard.press('F9');
    const pay = page.getByRole('dialog', { name: /^Pay / });
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    const receipt = page.getByRole('dialog', { name: 'Sale complete' });
    await expect(receipt.getByRole('article', { name: 'Receipt' })).toContainText('0.500 kg');
    await expect(receipt.getByRole('article', { name: 'Receipt' })).toContainText(`Vera ${tag}`);
    await receipt.getByRole('button', { name: 'New sale' }).click();
  });
});

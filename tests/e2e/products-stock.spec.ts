/**
 * Issue 10's person, tried as a new user would: create a product with a picture and a
 * generated barcode, print its labels, record its opening stock and a loss, then see the bell
 * count it as low and the ledger explain every unit.
 */
import { expect, test } from '@playwright/test';
import { picture } from '../api/support/images.ts';
import { AdminApi, adminSession, asPersonWithOnly, seedSessionOnLoad } from './support/pages.ts';
import { bellCount, ProductFormPage, StockPage } from './support/stock-pages.ts';

test('a product with a picture and a generated barcode: labels, opening stock, a loss, the bell and the ledger', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await adminSession(request);
  await seedSessionOnLoad(page, session.token, session.user);
  // The print dialog cannot be driven headless: count the calls instead.
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  const name = `Trail shoe ${Date.now().toString(36)}`;

  const form = new ProductFormPage(page);
  await form.open();
  const bellBefore = await bellCount(page);

  await test.step('a file that is not an image is refused under the field, before any upload', async () => {
    await form.uploadImage({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await form.seeImageError('notes.txt is not a JPEG, PNG or WebP image. Choose one of those.');
  });
  await test.step('create the product with a picture and a generated barcode', async () => {
    await form.fill('Name', name);
    await form.fill('SKU', `TS-${Date.now().toString(36)}`);
    await form.choose('Unit', 'Piece', /^Piece/);
    await form.fill('Sale price', '49.90');
    await form.fill('Alert quantity', '2');
    await form.uploadImage({ name: 'shoe.png', mimeType: 'image/png', buffer: Buffer.from(await picture('png', { width: 120, height: 90, seed: 4 })) });
    await form.seeImagePreview();
    await form.clickGenerateBarcode();
    await form.clickSave();
    await expect(page).toHaveURL(/\/admin\/products/);
    await expect(page.getByText('Product created.').or(page.getByText(/created/i)).first()).toBeVisible();
  });

  await test.step('find it on the list with its picture, then print 3 labels', async () => {
    const main = page.getByRole('main');
    await main.getByRole('searchbox').fill(name);
    const row = main.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(1).locator('img')).toHaveAttribute('src', /\/api\/v1\/images\/[0-9a-f]{64}\/thumb$/);
    await expect(row.getByText('Out of stock')).toBeVisible();
    await row.getByRole('checkbox').check();
    await main.getByRole('link', { name: 'Print labels' }).click();
    await expect(page).toHaveURL(/\/admin\/product\/labels\?ids=\d+$/);
    await main.getByLabel(`Labels of ${name}`).fill('3');
    const preview = main.getByRole('region', { name: 'Label sheet preview' });
    await expect(preview.getByRole('img', { name: /^Barcode 20\d{11}$/ })).toHaveCount(3);
    await expect(preview.getByText('49.90')).toHaveCount(3);
    await main.getByRole('button', { name: 'Print 3 labels' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  });

  const stock = new StockPage(page);
  await test.step('record opening stock of 5, then a loss of 4', async () => {
    await stock.open();
    await stock.adjust({ product: name, reason: 'Opening stock', quantity: '5', note: 'First count' });
    await expect(page.getByText(/adjust|recorded|stock/i).first()).toBeVisible();
    await stock.adjust({ product: name, reason: 'Loss', quantity: '-4', note: 'Box fell off the van' });
  });

  await test.step('the bell counts it as low, and its list leads to it', async () => {
    await expect.poll(() => bellCount(page)).toBe(bellBefore + 1);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    // The bell lists the worst 20 (out of stock first); "See all" opens every low or out product.
    await expect(page.getByRole('menuitem').first()).toContainText(/on hand, alert at/);
    await page.getByRole('menuitem', { name: `See all ${bellBefore + 1} on the products list` }).click();
    await expect(page).toHaveURL(/\/admin\/products\?stock_state=alert$/);
    const main = page.getByRole('main');
    await main.getByRole('searchbox').fill(name);
    const row = main.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Low', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').nth(5)).toHaveText(/^Low\s*1$/);
    await stock.open();
  });

  await test.step('the ledger explains every unit', async () => {
    // Newest first: the two movements just made lead the ledger.
    const ledger = stock.ledger();
    const rows = ledger.getByRole('row').filter({ hasText: name });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Adjustment · Loss');
    await expect(rows.nth(0)).toContainText('−4');
    await expect(rows.nth(0)).toContainText('Box fell off the van');
    await expect(rows.nth(1)).toContainText('Opening stock');
    await expect(rows.nth(1)).toContainText('+5');
    // On hand after each movement: 5, then 1.
    await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText('5');
    await expect(rows.nth(0).getByRole('cell').nth(4)).toHaveText('1');
    await expect(ledger.getByRole('row').nth(1)).toContainText(name);
  });

  await test.step('the ledger narrows to the product by a search, then by a date range', async () => {
    const ledger = stock.ledger();
    // Not among the first 50 products by name: found by typing, not by scrolling a select.
    const filter = ledger.getByRole('combobox', { name: 'Product', exact: true });
    await filter.click();
    await filter.fill(name);
    const options = page.getByRole('listbox', { name: 'Product' }).getByRole('option');
    await expect(options).toHaveCount(1);
    await options.first().click();
    await expect(ledger.getByRole('group', { name: 'Search and filters in use' })).toContainText(`Product: ${name}`);
    const body = ledger.getByRole('rowgroup').nth(1);
    await expect(body.getByRole('row')).toHaveCount(2);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await ledger.getByLabel('Date from').fill(today);
    await expect(body.getByRole('row')).toHaveCount(2);
    await ledger.getByLabel('Date from').fill(tomorrow);
    await expect(ledger.getByText('No movements match these filters.')).toBeVisible();
    await ledger.getByRole('button', { name: 'Clear all' }).click();
    await expect(filter).toHaveValue('');
  });

  await test.step("the product's own page shows the same history, its on hand and value", async () => {
    await stock.ledger().getByRole('link', { name }).first().click();
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(main.getByRole('img', { name })).toHaveAttribute('src', /\/api\/v1\/images\/[0-9a-f]{64}$/);
    const history = main.getByRole('region', { name: 'Movement history' });
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(main.getByRole('region', { name: 'Stock' })).toContainText('On hand1');
  });
});

test('who may only see products can still tick them and print labels; status and delete are not offered', async ({ page, request }) => {
  await asPersonWithOnly(page, request, 'product list', async () => {
    await page.goto('/admin/products');
    const main = page.getByRole('main');
    const first = main.getByRole('row').nth(1);
    await first.getByRole('checkbox').check();
    const bar = main.getByRole('toolbar', { name: 'Selected rows' });
    await expect(bar).toContainText('1 selected');
    await expect(bar.getByRole('link', { name: 'Print labels' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Delete selected' })).toHaveCount(0);
    await expect(bar.getByRole('button', { name: 'Make active' })).toHaveCount(0);
    await bar.getByRole('link', { name: 'Print labels' }).click();
    await expect(page).toHaveURL(/\/admin\/product\/labels\?ids=\d+$/);
    await expect(main.getByRole('region', { name: 'Label sheet preview' })).toBeVisible();
  });
});

test('the product list and both stock tables fit their cards beside the open menu on a laptop', async ({ page, request }) => {
  const session = await adminSession(request);
  await seedSessionOnLoad(page, session.token, session.user);
  for (const width of [1280, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [path, tables] of [['/admin/products', 1], ['/admin/stock', 2]] as const) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.locator('table')).toHaveCount(tables);
      for (let i = 0; i < tables; i++) await expect(main.locator('table').nth(i).locator('tbody tr').nth(1)).toBeVisible();
      // Each table's scroll box shows every column it draws: nothing to scroll sideways.
      const hidden = await main.locator('table').evaluateAll((all) => all.map((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth));
      expect(hidden, `${path} at ${width} px: pixels cut off on the right of each table`).toEqual(hidden.map(() => 0));
    }
  }
});

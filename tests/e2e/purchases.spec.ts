/**
 * Issue 11's person, tried as a new user would: order from a supplier (a mistyped quantity is
 * said under its own line; a scanned barcode adds a line), receive part of it with a double
 * click that sends one request, receive the rest naming one serial per unit (a serial named
 * twice is refused under its line, naming it), pay part, return one item, cancel another
 * order, then count stock and post the differences. At every status the page's enabled
 * buttons are the lifecycle table's (domain/documents/purchase.ts), the table the machine's
 * `snapshot.can` and the server both read.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';
import { AdminApi, adminSession, apiLogin, asPersonWithOnly, LeaveDialog, seedSessionOnLoad, Shell, Toasts, USERS, withoutAnimations } from './support/pages.ts';
import { ean13, PurchaseFormPage, PurchasePage } from './support/purchase-pages.ts';

/** Serious or critical WCAG 2.1 AA violations on what is shown now. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.passes.length).toBeGreaterThan(5);
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * No serious or critical violation on what is shown now (errors and panels open included), in
 * both themes. The dark one is put on the page the way the ui machine's applyTheme does (the
 * html element's class and color-scheme) and taken off again, so an open panel stays open,
 * which the theme button (outside the panel) would not allow.
 */
async function accessible(page: Page, what: string): Promise<void> {
  await page.waitForTimeout(300);
  expect(await violations(page), `${what} (light)`).toEqual([]);
  const setTheme = (theme: 'light' | 'dark') =>
    page.evaluate((t) => {
      const html = document.documentElement;
      html.classList.toggle('dark', t === 'dark');
      html.classList.toggle('light', t === 'light');
      html.style.colorScheme = t;
    }, theme);
  await setTheme('dark');
  try {
    await page.waitForTimeout(300);
    expect(await violations(page), `${what} (dark)`).toEqual([]);
  } finally {
    await setTheme('light');
  }
}

test('order, receive part then the rest with serials, pay part, return one, cancel another, receive with serials at once, count stock', async ({ page, request }) => {
  test.setTimeout(180_000);
  const session = await adminSession(request);
  await seedSessionOnLoad(page, session.token, session.user);
  await withoutAnimations(page);
  const api = new AdminApi(request, session.token);
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const supplier = await api.create<{ id: number; name: string }>('/api/v1/admin/suppliers', { name: `Nordic Parts ${tag}` });
  const cableCode = ean13(`20${String(Date.now()).slice(-10)}`);
  const cable = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Cable ${tag}`, sku: `CBL-${tag}`, barcode: cableCode, unit_id: unit!.id, cost_price: 250, sale_price: 500 });
  const phone = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Phone ${tag}`, sku: `PHN-${tag}`, unit_id: unit!.id, cost_price: 30000, sale_price: 45000, tracks_serials: true });
  const toasts = new Toasts(page);
  const form = new PurchaseFormPage(page);
  const doc = new PurchasePage(page);

  await test.step('create: a quantity of 0 is said under that line’s own quantity, nothing is sent', async () => {
    await form.open();
    await form.chooseSupplier(supplier.name);
    await form.addProduct(phone.name);
    // The unit cost defaults to the product's cost.
    await expect(page.getByRole('main').getByRole('textbox', { name: `Unit cost of ${phone.name}` })).toHaveValue('300.00');
    await form.scan(cableCode);
    await expect(form.line(cable.name)).toBeVisible();
    await form.scan(cableCode);
    await expect(form.quantity(cable.name)).toHaveValue('2');
    await form.scan('0000000000000');
    await expect(page.getByRole('main').getByText('No product has the barcode or SKU 0000000000000.')).toBeVisible();
    let posted = 0;
    const count = (r: Request) => void (r.method() === 'POST' && /\/api\/v1\/admin\/purchases$/.test(r.url()) && (posted += 1));
    page.on('request', count);
    await form.quantity(phone.name).fill('0');
    await form.clickOrder();
    await expect(form.line(phone.name).getByText('Enter 1 or more.')).toBeVisible();
    await expect(form.line(cable.name).getByText('Enter 1 or more.')).toHaveCount(0);
    await expect(form.quantity(phone.name)).toBeFocused();
    expect(posted).toBe(0);
    await accessible(page, 'the purchase form with an error under a line');
    await form.quantity(phone.name).fill('2');
    await form.quantity(cable.name).fill('3');
    // Leaving with the order unsaved asks first; staying keeps every line.
    const leave = new LeaveDialog(page);
    expect(await leave.reloadWouldAsk()).toBe(true);
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await leave.seeOpen();
    await leave.clickStay();
    await leave.seeClosed();
    await expect(form.quantity(cable.name)).toHaveValue('3');
    await expect(page.getByRole('table', { name: 'Totals' })).toContainText('Grand total');
    await form.clickOrder();
    await expect(page).toHaveURL(/\/admin\/purchase\/edit\/\d+$/);
    await toasts.seeToast('ordered.');
    expect(posted).toBe(1);
    page.off('request', count);
    // Saved: nothing is left to lose.
    expect(await new LeaveDialog(page).reloadWouldAsk()).toBe(false);
    await doc.seeButtonsFor('ordered');
  });

  await test.step('receive part: a double click sends one request', async () => {
    await doc.button('Receive').click();
    const panel = doc.panel('Receive goods');
    await panel.getByRole('textbox', { name: `Receive how many of ${phone.name}` }).fill('0');
    await panel.getByRole('textbox', { name: `Receive how many of ${cable.name}` }).fill('2');
    let receives = 0;
    page.on('request', (r) => void (r.method() === 'POST' && /\/receive$/.test(r.url()) && (receives += 1)));
    await panel.getByRole('button', { name: 'Receive', exact: true }).dblclick();
    await toasts.seeToast('still to come.');
    expect(receives).toBe(1);
    await doc.seeButtonsFor('partial');
  });

  await test.step('receive the rest with one serial per unit; a serial named twice is refused under its line', async () => {
    await doc.button('Receive').click();
    const panel = doc.panel('Receive goods');
    const serials = panel.getByRole('textbox', { name: `Serial numbers of ${phone.name}` });
    await serials.fill(`SN-${tag}-1\nSN-${tag}-1`);
    await panel.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(panel.getByRole('listitem', { name: phone.name }).getByText(`Serial number SN-${tag}-1 is named twice.`)).toBeVisible();
    await accessible(page, 'the receive panel with an error under a line');
    await serials.fill(`SN-${tag}-1\nSN-${tag}-2`);
    await panel.getByRole('button', { name: 'Receive', exact: true }).click();
    await toasts.seeToast('received in full.');
    await doc.seeButtonsFor('received');
  });

  await test.step('pay part: partial, with what is still due', async () => {
    await doc.button('Add payment').click();
    const panel = doc.panel('Add a payment');
    await panel.getByRole('textbox', { name: 'Amount' }).fill('100.00');
    await panel.getByRole('button', { name: 'Record payment' }).click();
    await toasts.seeToast('still due.');
    await expect(page.getByRole('main').getByLabel('Purchase', { exact: true })).toContainText('Partial');
  });

  await test.step('return one phone to the supplier, naming its serial', async () => {
    await doc.button('Return to supplier').click();
    const panel = doc.panel('Return to supplier');
    await panel.getByRole('textbox', { name: `Return how many of ${phone.name}` }).fill('1');
    await panel.getByRole('textbox', { name: `Serial numbers of ${phone.name}` }).fill(`SN-${tag}-2`);
    await panel.getByRole('button', { name: 'Return', exact: true }).click();
    await toasts.seeToast(`returned to ${supplier.name}.`);
    // Still "received": only one of five units went back.
    await doc.seeButtonsFor('received');
    const history = page.getByRole('main').getByRole('list', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(5);
    await expect(history).toContainText('Returned to supplier');
    await accessible(page, 'a received purchase with its payments and history');
  });

  await test.step('cancel another order: it keeps its number', async () => {
    await form.open();
    await form.chooseSupplier(supplier.name);
    await form.scan(cableCode);
    await form.clickOrder();
    await expect(page).toHaveURL(/\/admin\/purchase\/edit\/\d+$/);
    await doc.button('Cancel').click();
    await doc.panel('Cancel the purchase').getByRole('button', { name: 'Cancel purchase' }).click();
    await toasts.seeToast('cancelled.');
    await doc.seeButtonsFor('cancelled');
  });

  await test.step('create with serial numbers: received at once, a serial named twice refused under its line', async () => {
    await form.open('/admin/purchase/with/serial/create', 'Create purchase with serial numbers');
    await form.chooseSupplier(supplier.name);
    await form.addProduct(phone.name);
    await form.quantity(phone.name).fill('2');
    const serials = page.getByRole('main').getByRole('textbox', { name: `Serial numbers of ${phone.name}` });
    await serials.fill(`SN-${tag}-7\nSN-${tag}-7`);
    await form.clickOrder('Save and receive');
    await expect(form.line(phone.name).getByText(`Serial number SN-${tag}-7 is named twice.`)).toBeVisible();
    await serials.fill(`SN-${tag}-7\nSN-${tag}-8`);
    await form.clickOrder('Save and receive');
    await toasts.seeToast('recorded and received.');
    await doc.seeButtonsFor('received');
  });

  await test.step('the list filters by supplier and shows what is due', async () => {
    await page.goto(`/admin/purchase/list?supplier_id=${supplier.id}`);
    const rows = page.getByRole('main').getByRole('row').filter({ hasText: /PO-\d{6}/ });
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'Cancelled' })).toHaveCount(1);
  });

  await test.step('count stock: scan, type what is on the shelf, post the differences as one document', async () => {
    await page.goto('/admin/stock');
    await page.getByRole('main').getByRole('button', { name: 'Count stock' }).click();
    const count = page.getByRole('main').getByRole('form', { name: 'Count stock' });
    const scan = count.getByRole('textbox', { name: 'Scan a barcode' });
    await scan.fill(cableCode);
    await scan.press('Enter');
    const line = count.getByRole('list', { name: 'Counted products' }).getByRole('listitem', { name: cable.name });
    await expect(line).toContainText('3 on hand');
    await line.getByRole('textbox', { name: `Counted of ${cable.name}` }).fill('1');
    await expect(line.getByLabel(`Difference of ${cable.name}`)).toHaveText('2 missing');
    await accessible(page, 'the stock count');
    await count.getByRole('button', { name: 'Post the count' }).click();
    await toasts.seeToast('2 missing.');
    await expect(count).toHaveCount(0);
  });
});

test('who may only see purchases opens one to read it; the cashier is not offered purchases at all', async ({ page, request }) => {
  await asPersonWithOnly(page, request, 'purchase list', async (session) => {
    await page.goto('/admin/purchase/list');
    const main = page.getByRole('main');
    const row = main.getByRole('row').filter({ hasText: /PO-\d{6}/ }).first();
    await expect(row).toBeVisible();
    const reference = (await row.getByRole('link').first().textContent())!.trim();
    await expect(main.getByRole('link', { name: /^(Create|Add)/ })).toHaveCount(0);
    await row.getByRole('link', { name: reference }).click();
    await expect(page).toHaveURL(/\/admin\/purchase\/edit\/\d+$/);
    // The purchase is read, not edited: its lines, payments and history, and no action.
    await expect(main.getByLabel('Purchase', { exact: true })).toContainText(reference);
    await expect(main.getByRole('heading', { name: 'History' })).toBeVisible();
    for (const action of ['Receive', 'Pay', 'Cancel', 'Return', 'Save']) await expect(main.getByRole('button', { name: action, exact: true })).toHaveCount(0);
    await expect(main.getByRole('textbox')).toHaveCount(0);
    const refused = await request.post(`/api/v1/admin/purchases/${page.url().split('/').pop()}/receive`, { headers: { Authorization: `Bearer ${session.token}` }, data: {} });
    expect(refused.status()).toBe(403);
  });

  const cashier = await apiLogin(request, USERS.cashier);
  await seedSessionOnLoad(page, cashier.token, cashier.user);
  await page.goto('/admin/dashboard');
  const shell = new Shell(page);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(shell.menuLink('Purchases')).toHaveCount(0);
  await page.goto('/admin/purchase/list');
  await new Toasts(page).seeToast('You do not have permission to access this page.');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('an unsaved change to an order is not dropped by an action: the action asks to save first, and once saved works on what was saved', async ({ page, request }) => {
  const session = await adminSession(request);
  await seedSessionOnLoad(page, session.token, session.user);
  await withoutAnimations(page);
  const api = new AdminApi(request, session.token);
  const tag = `u${Date.now().toString(36)}`;
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const supplier = await api.create<{ id: number; name: string }>('/api/v1/admin/suppliers', { name: `Unsaved Supplies ${tag}` });
  const bolt = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Bolt ${tag}`, sku: `BLT-${tag}`, unit_id: unit!.id, cost_price: 50, sale_price: 90 });
  const order = await api.create<{ id: number }>('/api/v1/admin/purchases', { supplier_id: supplier.id, purchased_on: '2026-01-05', lines: [{ product_id: bolt.id, quantity: 2, unit_cost: 50 }] });
  const form = new PurchaseFormPage(page);
  const doc = new PurchasePage(page);
  const toasts = new Toasts(page);
  let actions = 0;
  page.on('request', (r) => void (r.method() === 'POST' && new RegExp(`/purchases/${order.id}/(receive|cancel|return|payments)$`).test(r.url()) && (actions += 1)));

  await page.goto(`/admin/purchase/edit/${order.id}`);
  await form.quantity(bolt.name).fill('5');
  for (const label of ['Receive', 'Add payment', 'Cancel']) {
    await doc.button(label).click();
    await expect(page.getByRole('main').getByText(`Your changes are not saved yet. Save them (or discard them) first, then press “${label}” again.`)).toBeVisible();
    await expect(doc.panel('Receive goods')).toHaveCount(0);
    await expect(form.quantity(bolt.name)).toHaveValue('5');
  }
  expect(actions, 'nothing is sent while the order has unsaved changes').toBe(0);

  await page.getByRole('main').getByRole('button', { name: 'Save changes' }).click();
  await toasts.seeToast('updated.');
  await expect(form.quantity(bolt.name)).toHaveValue('5');
  await doc.button('Receive').click();
  const panel = doc.panel('Receive goods');
  await expect(panel.getByRole('textbox', { name: `Receive how many of ${bolt.name}` })).toHaveValue('5');
  await panel.getByRole('button', { name: 'Receive', exact: true }).click();
  await toasts.seeToast('received in full.');
  await doc.seeButtonsFor('received');
  expect(actions).toBe(1);
});

test('the stock count asks before leaving with typed counts; staying keeps them', async ({ page, request }) => {
  const session = await adminSession(request);
  await seedSessionOnLoad(page, session.token, session.user);
  await withoutAnimations(page);
  const api = new AdminApi(request, session.token);
  const tag = `c${Date.now().toString(36)}`;
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const code = ean13(`21${String(Date.now()).slice(-10)}`);
  const jar = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Jar ${tag}`, sku: `JAR-${tag}`, barcode: code, unit_id: unit!.id, cost_price: 100, sale_price: 200 });
  await page.goto('/admin/stock');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Count stock' }).click();
  const count = main.getByRole('form', { name: 'Count stock' });
  const leave = new LeaveDialog(page);
  expect(await leave.reloadWouldAsk(), 'an empty count has nothing to lose').toBe(false);
  const scan = count.getByRole('textbox', { name: 'Scan a barcode' });
  await scan.fill(code);
  await scan.press('Enter');
  const counted = count.getByRole('textbox', { name: `Counted of ${jar.name}` });
  await counted.fill('4');
  expect(await leave.reloadWouldAsk()).toBe(true);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await leave.seeOpen();
  await leave.clickStay();
  await leave.seeClosed();
  await expect(page).toHaveURL(/\/admin\/stock$/);
  await expect(counted).toHaveValue('4');
  // Closing the count is the person's own choice to drop it: nothing is left to ask about.
  await count.getByRole('button', { name: 'Close' }).click();
  expect(await leave.reloadWouldAsk()).toBe(false);
});

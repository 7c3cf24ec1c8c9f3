/**
 * Issue 33: what a person does on a page the server drew, before the app has taken it over
 * (src/start.ts, src/app/before-takeover.ts), has its full effect once the app holds the page.
 * Chromium's CPU is slowed 4x and each case acts the moment its element is on screen, while the
 * app's chunks are held back until it has done. Each case proves it acted before the takeover:
 * start.ts marks <html data-app="held"> once the app holds the page, and a case that finds the
 * mark already there when it has acted fails.
 */
import { expect, test, type APIRequestContext, type CDPSession, type Locator, type Page } from '@playwright/test';
import { PAGE_DATA_ID } from '../../domain/auth.ts';
import { REGISTER_API } from '../../domain/pos/till.facts.ts';
import { AdminApi, apiLogin, LoginPage, Shell, USERS, withoutAnimations } from './support/pages.ts';
import { ean13 } from './support/purchase-pages.ts';

let signedIn: string;

test.beforeAll(async ({ browser }, info) => {
  const page = await browser.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signInAs(USERS.admin);
  signedIn = info.outputPath('signed-in.json');
  await page.context().storageState({ path: signedIn });
  await page.close();
});

test.use({ storageState: async ({}, use) => use(signedIn) });

const HELD = 'html[data-app="held"]';

/** Console errors and uncaught page errors, from now on. */
function complaints(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => m.type() === 'error' && seen.push(m.text()));
  page.on('pageerror', (e) => seen.push(e.message));
  return seen;
}

/** The CPU slowed 4x and the app's chunks held back until `letThrough` is called; animations off. */
async function slowedChunksHeld(page: Page): Promise<{ cdp: CDPSession; letThrough: () => void }> {
  await withoutAnimations(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route('**/js/chunks/**', async (route) => {
    await held;
    await route.continue();
  });
  return { cdp, letThrough };
}

/**
 * Opens `path` with the CPU slowed 4x and does `act` the moment `first` is on screen, on the
 * drawing; then fails unless the app was not yet holding the page when `act` had done, and waits
 * for it to hold it. Navigations the browser makes by itself (a form sent the browser's way) are
 * counted in the returned list. The app's chunks arrive only once `act` is done: on two shared
 * cores the app came, slowed or not, in the middle of a case's typing as often as not.
 */
async function beforeTakeover(page: Page, path: string, first: (page: Page) => Locator, act: () => Promise<void>): Promise<string[]> {
  const { cdp, letThrough } = await slowedChunksHeld(page);
  const loads: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && loads.push(frame.url()));
  await page.goto(path, { waitUntil: 'commit' });
  await expect(first(page)).toBeVisible({ timeout: 15_000 });
  expect(await page.locator(`#${PAGE_DATA_ID}`).count(), 'the page was drawn by the server').toBe(1);
  expect(await page.locator(HELD).count(), 'the app held the page before the case began to act').toBe(0);
  await act();
  expect(await page.locator(HELD).count(), 'the app held the page before the case had done acting: it proved nothing').toBe(0);
  letThrough();
  await expect(page.locator(HELD)).toHaveCount(1, { timeout: 20_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return loads.slice(1);
}

/** A form's field by its label (a required one's label ends in *). */
const field = (page: Page, label: string) => page.locator('#root main').getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));

test('a search pasted into a drawn list filters it and goes into the address once the app holds it', async ({ page }) => {
  const errors = complaints(page);
  const search = (p: Page) => p.locator('#root main input[type="search"]');
  await beforeTakeover(page, '/admin/brands', search, async () => {
    await search(page).focus();
    await page.evaluate(() => {
      const box = document.querySelector<HTMLInputElement>('#root main input[type="search"]')!;
      // As a paste puts text in: one input event with all of it.
      box.value = 'Pixelon';
      box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: 'Pixelon' }));
    });
  });
  await expect(page).toHaveURL(/[?&]search=Pixelon\b/);
  await expect(search(page)).toHaveValue('Pixelon');
  await expect(page.locator('#root main tbody tr')).toHaveCount(1);
  await expect(page.locator('#root main tbody tr')).toContainText('Pixelon');
  expect(errors).toEqual([]);
});

test('a name typed into a drawn picker at a scanner’s speed opens its list of products', async ({ page }) => {
  const errors = complaints(page);
  const picker = (p: Page) => p.getByRole('combobox', { name: 'Add a product' });
  await beforeTakeover(page, '/admin/purchase/create', picker, async () => {
    await picker(page).pressSequentially('Pixelon', { delay: 5 });
  });
  await expect(picker(page)).toHaveValue('Pixelon');
  await expect(picker(page)).toBeFocused();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(options.first()).toContainText(/Pixelon/i);
  expect(errors).toEqual([]);
});

test('Save clicked on a drawn form saves once, with what was typed', async ({ page }) => {
  const errors = complaints(page);
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && /\/brands\b/.test(r.url()) && posts.push(r.postData() ?? ''));
  const name = `Typed early ${Date.now()}`;
  const loads = await beforeTakeover(page, '/admin/brands/create', (p) => field(p, 'Name'), async () => {
    await field(page, 'Name').pressSequentially(name, { delay: 0 });
    await page.locator('#root main').getByRole('button', { name: 'Save' }).click();
  });
  await expect(page).not.toHaveURL(/\/create/);
  expect(posts).toHaveLength(1);
  expect(JSON.parse(posts[0]!)).toMatchObject({ name });
  expect(loads.filter((url) => url.includes('?'))).toEqual([]);
  await expect(page.locator('#root')).not.toContainText('Enter a name.');
  expect(errors).toEqual([]);
});

test('Enter pressed in a drawn form does not send it the browser’s way; it saves once the app holds it', async ({ page }) => {
  const errors = complaints(page);
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && /\/brands\b/.test(r.url()) && posts.push(r.postData() ?? ''));
  const name = `Entered early ${Date.now()}`;
  const loads = await beforeTakeover(page, '/admin/brands/create', (p) => field(p, 'Name'), async () => {
    await field(page, 'Name').pressSequentially(name, { delay: 0 });
    await field(page, 'Name').press('Enter');
  });
  await expect(page).not.toHaveURL(/\/create/);
  expect(loads.filter((url) => url.includes('name='))).toEqual([]);
  expect(posts).toHaveLength(1);
  expect(JSON.parse(posts[0]!)).toMatchObject({ name });
  expect(errors).toEqual([]);
});

test('every kind of field typed into on the drawn product form keeps its value, and a switch its state', async ({ page }) => {
  const errors = complaints(page);
  const typed: [string, string][] = [
    ['Name', 'Early lamp'],
    ['SKU', 'EARLY-1'],
    ['Barcode', '4006381333931'],
    ['Cost price', '12.50'],
    ['Sale price', '19.99'],
    ['Description', 'Typed before the app came.'],
  ];
  const brand = (p: Page) => p.locator('#root main').getByRole('combobox', { name: 'Brand' });
  const tracks = (p: Page) => p.locator('#root main').getByRole('checkbox', { name: 'Tracks serial numbers' });
  await beforeTakeover(page, '/admin/product/create', (p) => field(p, 'Name'), async () => {
    for (const [label, value] of typed) await field(page, label).pressSequentially(value, { delay: 0 });
    // Drawn with 0 in them: written over, as a person selects and types.
    await field(page, 'Tax %').fill('7');
    await field(page, 'Alert quantity').fill('3');
    await tracks(page).click({ force: true });
    await brand(page).pressSequentially('a', { delay: 0 });
  });
  for (const [label, value] of typed) await expect(field(page, label), label).toHaveValue(value);
  await expect(field(page, 'Tax %')).toHaveValue('7');
  await expect(field(page, 'Alert quantity')).toHaveValue('3');
  // The picker was the last field typed into: its list is open with brands for what was typed.
  await expect(brand(page)).toHaveValue('a');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tracks(page)).toBeChecked();
  // Once, not twice: the app's own state agrees with the box (a click on it now turns it off).
  await tracks(page).click({ force: true });
  await expect(tracks(page)).not.toBeChecked();
  expect(errors).toEqual([]);
});

test('a bad email typed on a drawn form, then Save, shows its error once the app holds it; every field keeps its value', async ({ page }) => {
  // The generic form checks its fields when it is saved, not as each is left: the error comes with Save.
  const errors = complaints(page);
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && /\/users\b/.test(r.url()) && posts.push(r.url()));
  await beforeTakeover(page, '/admin/users/create', (p) => field(p, 'Email'), async () => {
    await field(page, 'Name').pressSequentially('Early Bird', { delay: 0 });
    await field(page, 'Email').pressSequentially('not-an-email', { delay: 0 });
    await field(page, 'Phone').pressSequentially('+1 555 0100', { delay: 0 });
    await field(page, 'Password').pressSequentially('longenough1', { delay: 0 });
    await page.locator('#root main').getByRole('button', { name: 'Save' }).click();
  });
  await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Email')).toBeFocused();
  await expect(field(page, 'Name')).toHaveValue('Early Bird');
  await expect(field(page, 'Email')).toHaveValue('not-an-email');
  await expect(field(page, 'Phone')).toHaveValue('+1 555 0100');
  await expect(field(page, 'Password')).toHaveValue('longenough1');
  await expect(field(page, 'Name')).not.toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
  expect(errors).toEqual([]);
});

test('a date and an amount typed on the drawn expense form are the app’s once it holds the page', async ({ page }) => {
  const errors = complaints(page);
  await beforeTakeover(page, '/admin/expense/create', (p) => field(p, 'Reference'), async () => {
    await field(page, 'Date').fill('2026-01-15');
    await field(page, 'Amount').pressSequentially('42', { delay: 0 });
    await field(page, 'Reference').pressSequentially('R-1', { delay: 0 });
  });
  await expect(field(page, 'Date')).toHaveValue('2026-01-15');
  await expect(field(page, 'Amount')).toHaveValue('42');
  await expect(field(page, 'Reference')).toHaveValue('R-1');
  // And the app has them, not just the page: typing now draws the form again from what the app
  // knows, and a value it did not know would be emptied.
  await field(page, 'Reference').press('End');
  await field(page, 'Reference').pressSequentially('2', { delay: 0 });
  await expect(field(page, 'Reference')).toHaveValue('R-12');
  await expect(field(page, 'Date')).toHaveValue('2026-01-15');
  await expect(field(page, 'Amount')).toHaveValue('42');
  expect(errors).toEqual([]);
});

test('a status select clicked open on a drawn form opens once the app holds it', async ({ page }) => {
  const errors = complaints(page);
  const status = (p: Page) => p.locator('#root main').getByRole('combobox', { name: /^Status/ });
  await beforeTakeover(page, '/admin/brands/create', status, async () => {
    await status(page).click();
  });
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await expect(status(page)).toContainText('Inactive');
  expect(errors).toEqual([]);
});

test('a name typed into a drawn many-choice picker opens its list once the app holds it', async ({ page }) => {
  const errors = complaints(page);
  const attributes = (p: Page) => p.locator('#root main').getByRole('combobox', { name: 'Attributes' });
  await beforeTakeover(page, '/admin/product/create', attributes, async () => {
    await attributes(page).pressSequentially('a', { delay: 0 });
  });
  await expect(attributes(page)).toHaveValue('a');
  await expect(attributes(page)).toBeFocused();
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a web address typed into drawn settings is kept, and the app has it', async ({ page }) => {
  const errors = complaints(page);
  const facebook = (p: Page) => field(p, 'Facebook');
  await beforeTakeover(page, '/admin/website/setting', facebook, async () => {
    await facebook(page).fill('');
    await facebook(page).pressSequentially('https://facebook.com/shop', { delay: 0 });
  });
  await expect(facebook(page)).toHaveValue('https://facebook.com/shop');
  // The app knows it: typing on from there keeps all of it.
  await facebook(page).press('End');
  await facebook(page).pressSequentially('1', { delay: 0 });
  await expect(facebook(page)).toHaveValue('https://facebook.com/shop1');
  expect(errors).toEqual([]);
});

test('a choice of a drawn checkbox group ticked before the takeover is ticked once, by the app', async ({ page }) => {
  const errors = complaints(page);
  // The box itself is hidden under its drawn label, which is what a person clicks.
  const label = (p: Page) => p.locator('#root main label').filter({ hasText: 'Other' });
  const bank = (p: Page) => p.locator('#root main').getByRole('checkbox', { name: 'Other' });
  await beforeTakeover(page, '/admin/pos/setting', label, async () => {
    await expect(bank(page)).not.toBeChecked();
    await label(page).click();
  });
  await expect(bank(page)).toBeChecked();
  // The app holds it: the next click takes it off again.
  await label(page).click();
  await expect(bank(page)).not.toBeChecked();
  expect(errors).toEqual([]);
});

test('a menu opened and closed with Escape on the drawing stays closed once the app holds the page', async ({ page }) => {
  const errors = complaints(page);
  const avatar = (p: Page) => new Shell(p).userMenuButton;
  await beforeTakeover(page, '/admin/brands', avatar, async () => {
    await avatar(page).click();
    await page.keyboard.press('Escape');
  });
  // The click, made again, opened the menu; the Escape after it, made again in its place, closed it.
  await expect(page.getByRole('menu')).toBeHidden();
  await avatar(page).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a barcode scanned into the drawn sale form’s product search, Enter and all, joins the lines once; the form is not sent', async ({ page, request }) => {
  const errors = complaints(page);
  const { token } = await apiLogin(request, USERS.admin);
  const api = new AdminApi(request, token);
  const tag = Date.now().toString(36);
  const code = ean13(`22${String(Date.now()).slice(-10)}`);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const bulb = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Early bulb ${tag}`, sku: `EB-${tag}`, barcode: code, unit_id: unit!.id, cost_price: 100, sale_price: 250 });
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && /\/sales\b/.test(r.url()) && posts.push(r.url()));
  const search = (p: Page) => p.locator('#root main').getByRole('combobox', { name: 'Add a product' });
  const loads = await beforeTakeover(page, '/admin/sales/create', search, async () => {
    // As a scanner sends it: the digits at once, then Enter.
    await search(page).pressSequentially(code, { delay: 0 });
    await search(page).press('Enter');
  });
  const lines = page.locator('#root main').getByRole('list', { name: 'Lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(bulb.name);
  await expect(page.locator('#root main').getByRole('textbox', { name: `Quantity of ${bulb.name}` })).toHaveValue('1');
  // The search is empty again, ready for the next scan; nothing was sent, no page was loaded.
  await expect(search(page)).toHaveValue('');
  await expect(page).toHaveURL(/\/admin\/sales\/create$/);
  expect(loads).toEqual([]);
  expect(posts).toEqual([]);
  await expect(page.locator('#root main')).not.toContainText('Add at least one product');
  expect(errors).toEqual([]);
});

/** A product with a barcode and stock, and the admin's register open, for the drawn till. */
async function tillWithProduct(request: APIRequestContext, name: string, code = ean13(`22${String(Date.now()).slice(-10)}`)) {
  const { token } = await apiLogin(request, USERS.admin);
  const api = new AdminApi(request, token);
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const product = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `${name} ${tag}`, sku: `TK-${tag}`, barcode: code, unit_id: unit!.id, cost_price: 100, sale_price: 250 });
  await api.create('/api/v1/admin/stock/adjustments', { product_id: product.id, quantity: 5, reason: 'opening', unit_cost: 100 });
  const current = (await (await request.get(`${REGISTER_API}/current`, { headers: { Authorization: `Bearer ${token}` } })).json().catch(() => ({}))) as { data?: { status?: string } | null };
  if (current.data?.status !== 'open') await api.create(REGISTER_API, { opening_float: 10000 });
  return { product, code };
}

/** The drawn till's search box and the cart's lines. */
const tillSearch = (p: Page) => p.locator('#root main').getByRole('searchbox', { name: 'Search or scan' });
const cartLines = (p: Page) => p.locator('#root main').getByRole('list', { name: 'Cart lines' });

/**
 * Sends `text` ("\n" is Enter) as a scanner types it: one key every `gap` ms, stamped with when it
 * was sent, none waiting for the page; `after[n]` is called once the n-th key is sent.
 */
async function scannerKeys(cdp: CDPSession, text: string, gap: number, after: Record<number, () => void> = {}): Promise<void> {
  const sent: Promise<unknown>[] = [];
  const start = Date.now();
  for (const [i, ch] of [...text].entries()) {
    after[i]?.();
    const enter = ch === '\n';
    const key = { key: enter ? 'Enter' : ch, code: enter ? 'Enter' : `Digit${ch}`, windowsVirtualKeyCode: enter ? 13 : ch.charCodeAt(0), timestamp: (start + i * gap) / 1000 };
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, text: enter ? '\r' : ch }));
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }));
    await new Promise((resolve) => setTimeout(resolve, gap));
  }
  await Promise.all(sent);
}

/** The product in the cart once, the search empty for the next scan, and no code said unknown. */
async function seeScannedOnce(page: Page, product: { name: string }) {
  await expect(cartLines(page)).toContainText(product.name);
  await expect(page.locator('#root main').getByRole('textbox', { name: `Quantity of ${product.name}` })).toHaveValue('1');
  await expect(tillSearch(page)).toHaveValue('');
  await expect(page.locator('#root main')).not.toContainText('No product has the code');
}

test('a barcode scanned into the drawn till’s search, Enter and all, joins the cart once; nothing says it is unknown', async ({ page, request }) => {
  const errors = complaints(page);
  const { product, code } = await tillWithProduct(request, 'Early kettle');
  await beforeTakeover(page, '/admin/pos', tillSearch, async () => {
    await tillSearch(page).pressSequentially(code, { delay: 10 });
    await tillSearch(page).press('Enter');
  });
  await seeScannedOnce(page, product);
  expect(errors).toEqual([]);
});

test('a barcode scanned the moment the drawn till shows, the app taking over in the middle of it, is one scan', async ({ page, request }) => {
  const errors = complaints(page);
  // A long code (a Code 128 label, say): a scan long enough for the app to come in its middle.
  const { product, code } = await tillWithProduct(request, 'Straddled kettle', `${Date.now()}${Date.now()}`.slice(0, 24));
  // Counts the keys the page heard before the app held it, for the report.
  await page.addInitScript(() => {
    let keys = 0;
    document.addEventListener('keydown', () => keys++, true);
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.app !== 'held') return;
      (window as unknown as { keysBeforeHeld: number }).keysBeforeHeld = keys;
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app'] });
  });
  // The app's chunks come once the scan's first keys are in the drawing: the rest, at a scanner's
  // pace (under 100 ms a key), comes while the app takes the page over.
  const { cdp, letThrough } = await slowedChunksHeld(page);
  await page.goto('/admin/pos', { waitUntil: 'commit' });
  await expect(tillSearch(page)).toBeVisible({ timeout: 15_000 });
  expect(await page.locator(`#${PAGE_DATA_ID}`).count(), 'the page was drawn by the server').toBe(1);
  await tillSearch(page).focus();
  expect(await page.locator(HELD).count(), 'the app held the page before the scan began').toBe(0);
  // As a scanner sends them: each key on its own clock, never waiting for the page to have taken
  // the one before (Playwright's keyboard waits, so a long task in the takeover would look like a
  // person's pause). The app's chunks are let through once the third key is sent.
  await scannerKeys(cdp, `${code}\n`, 90, { 2: letThrough });
  await expect(page.locator(HELD)).toHaveCount(1, { timeout: 20_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const before = await page.evaluate(() => (window as unknown as { keysBeforeHeld?: number }).keysBeforeHeld ?? -1);
  test.info().annotations.push({ type: 'takeover', description: `${before} of ${code.length + 1} keys came before the app held the page` });
  await seeScannedOnce(page, product);
  expect(errors).toEqual([]);
});

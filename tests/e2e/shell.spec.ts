/**
 * Where a person is and where the keyboard goes: the skip link shows when focused, titles and
 * breadcrumbs name the record, the menu marks the section on create and edit pages (after a
 * reload too), the focus has somewhere sensible to go after a delete, after collapsing the
 * menu and after "Leave", and the floating upgrade button never covers a focused control.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { attributes, customers } from '../../domain/resources/index.ts';
import { UNDO_WINDOW_MS } from '../../machines/list/list.machine.ts';
import { asAdmin, FormPage, LeaveDialog, ListPage, Shell, Toasts } from './support/pages.ts';

/** Signed in as the demo admin (its one session), animations off: the admin API for setting up. */
const signedIn = async (page: Page, request: import('@playwright/test').APIRequestContext) => (await asAdmin(page, request)).api;

/** The element that has the keyboard focus, described as a person would (role and name). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase() ?? '', id: el?.id ?? '', label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '' };
  });

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

test('the skip link is the first stop and is seen when focused; it moves the keyboard to the page', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  // Seen: in the window, and the topmost thing where it is drawn.
  const box = (await skip.boundingBox())!;
  expect(box.width).toBeGreaterThan(40);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, { x: box.x + box.width / 2, y: box.y + box.height / 2 })).toBe('Skip to content');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('an edit page names its record in the title, the document title and the breadcrumbs; the menu marks its section, after a reload too', async ({ page, request }) => {
  const api = await signedIn(page, request);
  const [first] = await api.list<{ id: number; name: string }>(customers.api, { per_page: '10', sort: 'name' });
  const list = new ListPage(page, customers);
  await list.open();
  await list.rows().first().getByRole('link', { name: first!.name, exact: true }).click();
  const title = `Edit customer ${first!.name}`;
  const form = new FormPage(page, 'Edit customer');
  for (const reloaded of [false, true]) {
    if (reloaded) await page.reload();
    await form.seeTitle(title);
    await expect(crumbs(page).getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/admin/customers');
    await expect(crumbs(page).getByText(title, { exact: true })).toHaveAttribute('aria-current', 'page');
    const shell = new Shell(page);
    await expect(shell.menuGroup('People')).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.menuLink('Customers')).toHaveAttribute('aria-current', 'page');
  }
  // The breadcrumb goes back to the list.
  await crumbs(page).getByRole('link', { name: 'Customers' }).click();
  await expect(list.heading).toBeVisible();
  await expect(page).toHaveTitle('Customers · Back office');
});

test('an attribute’s values are titled by the attribute, under Attributes, and so are their forms', async ({ page, request }) => {
  const api = await signedIn(page, request);
  const [size] = await api.list<{ id: number; name: string }>(attributes.api, { search: 'Size' });
  await page.goto('/admin/attribute');
  await page.getByRole('row').filter({ hasText: size!.name }).getByRole('link', { name: 'Values' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Values of ${size!.name}`, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`Values of ${size!.name} · Back office`);
  await expect(crumbs(page).getByRole('link', { name: 'Attributes' })).toBeVisible();
  await expect(new Shell(page).menuLink('Attributes')).toHaveAttribute('aria-current', 'page');
  await page.getByRole('main').getByRole('link', { name: 'New attribute value' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New attribute value', exact: true })).toBeVisible();
  await expect(crumbs(page).getByRole('link', { name: `Values of ${size!.name}` })).toHaveAttribute('href', `/admin/attribute/value/${size!.id}`);
});

test('after a delete the focus goes to the next row, not to the top of the page', async ({ page, request }) => {
  const api = await signedIn(page, request);
  const tag = `focus${Date.now().toString(36)}`;
  const made = await Promise.all(['a', 'b', 'c'].map((x) => api.create<{ id: number; name: string }>(customers.api, { name: `${tag} ${x}`, status: 'active' })));
  try {
    const list = new ListPage(page, customers);
    await list.open(`?search=${tag}`);
    await list.seeRows([`${tag} a`, `${tag} b`, `${tag} c`]);
    await list.deleteButton(`${tag} b`).focus();
    await page.keyboard.press('Enter');
    await list.seeConfirm(`the customer “${tag} b”`);
    await list.clickConfirmDelete();
    // The delete is sent when the undo window has passed; then the row leaves.
    const undoWindow = { timeout: UNDO_WINDOW_MS + 10_000 };
    await expect(new Toasts(page).toast('Customer deleted.').first()).toBeVisible(undoWindow);
    await list.seeRows([`${tag} a`, `${tag} c`]);
    await expect(list.rows().filter({ hasText: `${tag} c` }).getByRole('link', { name: `${tag} c`, exact: true })).toBeFocused();
    // The last row: the one before it takes the focus.
    await list.deleteButton(`${tag} c`).click();
    await list.clickConfirmDelete();
    await expect(list.rows()).toHaveCount(1, undoWindow);
    await list.seeRows([`${tag} a`]);
    await expect(list.rows().getByRole('link', { name: `${tag} a`, exact: true })).toBeFocused();
  } finally {
    await api.bulkDelete(customers.api, made.map((m) => m.id)).catch(() => {});
  }
});

test('collapsing and expanding the menu keeps the focus on its toggle', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/admin/dashboard');
  const collapse = page.getByRole('button', { name: 'Collapse menu to icons' });
  await collapse.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Collapse menu to icons' })).toBeFocused();
});

test('after “Leave” the keyboard carries on from the new page’s content', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/admin/customers/create');
  const form = new FormPage(page, 'New customer');
  await form.seeForm();
  await form.fill('Name', 'Half typed');
  const shell = new Shell(page);
  await shell.menuLink('Dashboard').focus();
  await page.keyboard.press('Enter');
  const leave = new LeaveDialog(page);
  await leave.seeOpen();
  await leave.clickLeave();
  await shell.seeDashboard();
  await expect(page.getByRole('main')).toBeFocused();
});

test('Logout with unsaved changes asks first: Stay keeps what was typed, Log out signs out', async ({ page, request }) => {
  await signedIn(page, request);
  // The session is shared with nothing else, but its token is: the logout call is answered here.
  await page.route('**/api/logout', (route) => route.fulfill({ status: 200, json: { message: 'Logged out.' } }));
  await page.goto('/admin/customers/create');
  const form = new FormPage(page, 'New customer');
  await form.seeForm();
  await form.fill('Name', 'Half typed');
  const shell = new Shell(page);
  const leave = new LeaveDialog(page);
  await shell.clickLogout();
  await leave.seeOpen('logout');
  await leave.clickStay();
  await leave.seeClosed();
  await expect(form.field('Name')).toHaveValue('Half typed');
  await shell.clickLogout();
  await leave.seeOpen('logout');
  await leave.clickLogOut();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

/** The part of `el` not under `cover`, as a fraction of its area. */
async function uncovered(el: Locator, cover: Locator): Promise<number> {
  const a = (await el.boundingBox())!;
  const b = (await cover.boundingBox())!;
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  return 1 - (w * h) / (a.width * a.height);
}

for (const size of [
  { width: 1366, height: 850 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width}×${size.height} the upgrade button and its footer bar never cover a focused control of the customer list`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await signedIn(page, request);
    await page.goto('/admin/customers');
    const list = new ListPage(page, customers);
    // Ten records drawn, as table rows or (on a phone) cards: each has its own select box.
    await expect(page.getByRole('main').getByRole('checkbox', { name: /^Select (?!all )/ }).nth(9)).toBeVisible();
    const upgrade = page.getByRole('button', { name: 'Upgrade to Pro' });
    // The button sits in the footer bar that stays at the bottom of the window, not over the page.
    const bar = page.getByRole('contentinfo');
    await expect(bar.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
    await page.getByRole('main').focus();
    // Tab through the whole page: every control the keyboard reaches is fully clear of the bar.
    for (let i = 0; i < 120; i++) {
      await page.keyboard.press('Tab');
      const el = page.locator(':focus');
      if ((await el.count()) === 0) continue;
      if (await upgrade.evaluate((b) => b === document.activeElement)) break;
      const name = await focused(page);
      expect(await uncovered(el, bar), `${JSON.stringify(name)} is under the footer bar`).toBe(1);
    }
    // At the end of the page nothing is under it either.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo').getByText(/All rights reserved/);
    expect(await uncovered(footer, upgrade)).toBe(1);
  });
}

test('the upgrade button says plainly what Pro would bring, and that it cannot be bought yet', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/admin/dashboard');
  const upgrade = page.getByRole('button', { name: 'Upgrade to Pro' });
  await upgrade.click();
  const dialog = page.getByRole('dialog', { name: 'Pro edition' });
  await expect(dialog).toContainText('There is no Pro edition to buy yet.');
  for (const text of ['Stock for several stores', 'Advanced reports', 'Priority support']) await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(upgrade).toBeFocused();
});

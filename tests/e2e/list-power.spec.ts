/**
 * The list power features as a shop owner uses them, in Chromium against the real server:
 * a date range narrows a list and its total covers the whole filter (not the page), columns
 * and saved filters are remembered for the person, a row opens its record (by click and by
 * keyboard), a delete can be undone for a few seconds, the record just created is shown and
 * highlighted, your own row's Delete says why it is refused, and at 390 px a list is cards
 * with nothing scrolling sideways. Each test makes its own records (tagged) and removes them.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatAmount } from '../../domain/format.ts';
import { brands } from '../../domain/resources/products.ts';
import { customers } from '../../domain/resources/people.ts';
import { expenses } from '../../domain/resources/expense.ts';
import { users } from '../../domain/resources/administration.ts';
import { AdminApi, ListPage, USERS, apiLogin, seedSessionOnLoad, withoutAnimations } from './support/pages.ts';

let session: { token: string; user: unknown } | undefined;
const tagOf = () => `e2e${Math.random().toString(36).slice(2, 10)}`;

async function signedIn(page: Page, request: import('@playwright/test').APIRequestContext): Promise<AdminApi> {
  session ??= await apiLogin(request, USERS.admin);
  await seedSessionOnLoad(page, session.token, session.user);
  await withoutAnimations(page);
  return new AdminApi(request, session.token);
}

/** The shop's currency as the list shows it (GET /me carries it). */
async function shopDisplay(page: Page): Promise<{ currency: string; locale: string }> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('user_token');
    const me = (await (await fetch('/me', { headers: { Authorization: `Bearer ${token}` } })).json()) as { shop?: { currency: string } };
    return { currency: me.shop?.currency ?? 'USD', locale: navigator.language };
  });
}

test('a date range narrows the expenses and the total covers every match, not the page', async ({ page, request }) => {
  const api = await signedIn(page, request);
  const tag = tagOf();
  const [category] = await api.list<{ id: number }>('/api/v1/admin/expense-categories', { per_page: '10' });
  // Twelve expenses in March 2001 (no demo expense is that old): ten fit on a page, the total is of all twelve.
  const made = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      api.create<{ id: number }>(expenses.api, { category_id: category!.id, date: `2001-03-${String(i + 1).padStart(2, '0')}`, amount: 1000 + i, reference: `${tag}-${i}`, note: '' }),
    ),
  );
  try {
    const list = new ListPage(page, expenses);
    await list.open();
    await expect(list.heading).toBeVisible();
    await page.getByLabel('Date from').fill('2001-03-01');
    await page.getByLabel('Date to').fill('2001-03-31');
    await list.seeAddress('?date_from=2001-03-01&date_to=2001-03-31');
    // Newest first: the ten of 12–3 March on this page.
    await expect(list.rows()).toHaveCount(10);
    await expect(list.rows().first()).toContainText(`${tag}-11`);
    await expect(list.rows().last()).toContainText(`${tag}-2`);
    // The chip names the range; the footer sums all twelve: 12 × 10.00 + 0.66.
    await expect(page.getByRole('group', { name: 'Search and filters in use' })).toContainText('Date:');
    const display = await shopDisplay(page);
    const total = formatAmount(12 * 1000 + 66, { currency: display.currency, locale: display.locale } as never);
    const footer = page.getByRole('main').getByRole('table').locator('tfoot');
    await expect(footer).toContainText('Total of all 12');
    await expect(footer).toContainText(total);
    // At the top of the page on a laptop's window the totals and the pages are on screen with the header.
    await page.setViewportSize({ width: 1366, height: 850 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // (Its cells are what stick to the bottom of the rows' box; the row group keeps its place in the table.)
    await expect(footer.locator('td').filter({ hasText: 'Total of all 12' })).toBeInViewport({ ratio: 1 });
    await expect(footer.locator('td').filter({ hasText: total })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('main').getByRole('columnheader', { name: /Date/ })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Next page' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('contentinfo')).toBeInViewport({ ratio: 1 });
    // Clear all: the whole list again, and no chips.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await list.seeAddress('');
    await expect(page.getByRole('group', { name: 'Search and filters in use' })).toHaveCount(0);
  } finally {
    await api.bulkDelete(expenses.api, made.map((m) => m.id));
  }
});

test('a hidden column stays hidden for the person after a reload, and a saved filter comes back by name', async ({ page, request }) => {
  await signedIn(page, request);
  const list = new ListPage(page, customers);
  await list.open();
  await expect(list.table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  const email = page.getByRole('menuitemcheckbox', { name: 'Email' });
  await expect(email).toHaveAttribute('aria-checked', 'true');
  const saved = page.waitForResponse((r) => r.url().endsWith('/list-settings/columns') && r.request().method() === 'PUT');
  await email.click();
  expect((await saved).status()).toBe(200);
  await page.keyboard.press('Escape');
  await expect(list.table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  await page.reload();
  await expect(list.table.getByRole('row').nth(1)).toBeVisible();
  await expect(list.table.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  // Shown again (and so left as it was found).
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Email' }).click();
  await page.keyboard.press('Escape');
  await expect(list.table.getByRole('columnheader', { name: 'Email' })).toBeVisible();

  // A saved filter: the inactive customers, under a name of this test's own.
  const name = `Inactive ${tagOf()}`;
  await list.chooseFilter('Status', 'Inactive');
  await list.seeAddress('?status=inactive');
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await page.getByRole('menuitem', { name: 'Save the current search and filters…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this filter' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await list.seeAddress('');
  await page.reload();
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  await list.seeAddress('?status=inactive');
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await page.getByRole('menuitem', { name: `Delete “${name}”` }).click();
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await expect(page.getByRole('menuitem', { name, exact: true })).toHaveCount(0);
});

test('a row opens its record by click and by Enter; a delete is only sent once its undo window has passed', async ({ page, request }) => {
  const api = await signedIn(page, request);
  const tag = tagOf();
  const [a, b] = await Promise.all(['A', 'B'].map((n) => api.create<{ id: number }>(brands.api, { name: `${tag} ${n}`, description: '', status: 'active' })));
  const deletes: string[] = [];
  page.on('request', (r) => r.method() === 'DELETE' && r.url().includes(brands.api) && deletes.push(r.url()));
  try {
    const list = new ListPage(page, brands);
    await list.open(`?search=${tag}`);
    await list.seeRows([`${tag} A`, `${tag} B`]);
    // A click on the row (not on a control) opens the record.
    await list.row(`${tag} A`).locator('td').last().click({ position: { x: 2, y: 2 } });
    await expect(page).toHaveURL(new RegExp(`/admin/brands/edit/${a!.id}$`));
    await page.goBack();
    await list.seeRows([`${tag} A`, `${tag} B`]);
    // The keyboard: the row is focusable; Enter opens it.
    await list.row(`${tag} B`).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/brands/edit/${b!.id}$`));
    await page.goBack();

    // Delete, confirm, Undo: nothing is sent, the row stays.
    // The page's clock stands still from here: the undo window passes only when the test says so.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await list.clickDelete(`${tag} A`);
    await list.seeConfirm(`the brand “${tag} A”`);
    await list.clickConfirmDelete();
    // A few frames for the dialog to leave (the page's clock stands still).
    await page.clock.runFor(50);
    await list.seeUndo('undo');
    await list.seeDeleting(`${tag} A`, 'doomed');
    await list.clickUndo();
    await page.clock.runFor(10_000);
    await list.seeUndo('none');
    await list.seeDeleting(`${tag} A`, 'shown');
    expect(deletes).toEqual([]);
    // Again, and let the window pass: now it is deleted.
    await list.clickDelete(`${tag} A`);
    await list.clickConfirmDelete();
    await page.clock.runFor(4_900);
    await list.seeUndo('undo');
    expect(deletes).toEqual([]);
    await page.clock.runFor(200);
    await expect.poll(() => deletes.length).toBe(1);
    await list.seeRows([`${tag} B`]);
    // Once more, and leave the list inside the window: it goes at once, in the background.
    await list.clickDelete(`${tag} B`);
    await list.clickConfirmDelete();
    await page.clock.runFor(50);
    await list.seeUndo('undo');
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => deletes.length).toBe(2);
    await expect.poll(async () => (await api.list(brands.api, { search: tag })).length).toBe(0);
  } finally {
    await api.bulkDelete(brands.api, (await api.list(brands.api, { search: tag })).map((r) => r.id));
  }
});

test('the brand just created is shown and highlighted on the list, even when its page is another', async ({ page, request }) => {
  const api = await signedIn(page, request);
  const tag = tagOf();
  try {
    const list = new ListPage(page, brands);
    // Sorted by name, a name starting with "zz" is on the last page, not the first.
    await list.open();
    await page.getByRole('main').getByRole('link', { name: 'New brand' }).click();
    await page.getByLabel('Name').fill(`zz ${tag}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(list.heading).toBeVisible();
    const row = list.rows().filter({ hasText: `zz ${tag}` });
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('aria-current', 'true');
    await expect(row.getByText('New', { exact: true })).toBeVisible();
  } finally {
    await api.bulkDelete(brands.api, (await api.list(brands.api, { search: tag })).map((r) => r.id));
  }
});

test("your own row's Delete is disabled and says why", async ({ page, request }) => {
  await signedIn(page, request);
  const list = new ListPage(page, users);
  await list.open('?search=admin%40example.com');
  const own = list.table.getByRole('button', { name: `Delete ${USERS.admin.name}`, exact: true });
  await expect(own).toHaveAttribute('aria-disabled', 'true');
  await expect(own).toHaveAccessibleDescription(/.+/);
  await expect(list.table.getByRole('checkbox', { name: `Select ${USERS.admin.name}` })).toBeDisabled();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const def of [customers, expenses, users]) {
    test(`the ${def.label.many} list is cards and the page never scrolls sideways`, async ({ page, request }) => {
      await signedIn(page, request);
      const list = new ListPage(page, def);
      await list.open();
      await expect(list.heading).toBeVisible();
      const cards = page.getByRole('main').getByRole('list', { name: new RegExp(`^${def.label.many}, sorted by`, 'i') });
      await expect(cards.getByRole('listitem').first()).toBeVisible();
      await expect(list.table).toHaveCount(0);
      const wide = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: window.innerWidth }));
      expect(wide.doc, 'the page is no wider than the screen').toBeLessThanOrEqual(wide.view);
      expect(wide.body).toBeLessThanOrEqual(wide.view);
    });
  }
});

/**
 * The dashboard, read as the owner and as a cashier (issue 36): the owner sees today's and the
 * month's figures with how they moved, in words, the chart (30 days and 12 months, its table for
 * screen readers), and follows the month's sales to the sales list, filtered to the completed
 * sales of the month so far; a cashier sees the till's part and the recent sales, and no profit.
 */
import { expect, test } from '@playwright/test';
import { apiLogin, asAdmin, seedSessionOnLoad, USERS, withoutAnimations } from './support/pages.ts';

test("the owner follows the month's sales to the list; a cashier sees the till and no profit", async ({ page, request, browser }) => {
  test.setTimeout(60_000);
  await asAdmin(page, request);
  await page.goto('/admin/dashboard');
  const main = page.getByRole('main');

  await test.step('the owner: both periods, each figure with how it moved, the chart and its table', async () => {
    for (const period of ['Today', 'This month']) await expect(main.getByRole('heading', { level: 2, name: period, exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: /^Today's profit: / })).toBeVisible();
    await expect(main.getByText(/(up|down) \d+% on the same days last month|the same as the same days last month|none the same days last month/).first()).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Sales and profit, last 30 days' })).toBeVisible();
    await expect(main.getByRole('table', { name: 'Sales and profit, the last 30 days' }).getByRole('row')).toHaveCount(31);
    await main.getByRole('button', { name: '12 months' }).click();
    await expect(main.getByRole('table', { name: 'Sales and profit, the last 12 months' }).getByRole('row')).toHaveCount(13);
    await main.getByRole('button', { name: 'Show as table' }).click();
    await expect(main.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
    await expect(main.getByRole('table', { name: 'Sales and profit, the last 12 months' }).getByRole('link').first()).toBeVisible();
  });

  await test.step("the month's sales figure opens the sales list: completed, this month so far", async () => {
    const figure = main.getByRole('link', { name: /^This month's sales: / });
    await figure.click();
    await expect(page).toHaveURL(/\/admin\/sales\/list\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('status')).toBe('completed');
    expect(query.get('sold_on_from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(query.get('sold_on_to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(main.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
    await expect(main.getByRole('combobox', { name: 'Status' })).toHaveValue('completed');
    await expect(main.getByText('Status: Completed')).toBeVisible();
    await expect(main.getByRole('row', { name: /^SL-\d+ .* Completed / }).first()).toBeVisible();
  });

  await test.step('a cashier: the till today and the recent sales; no profit, nothing owed, no chart', async () => {
    const context = await browser.newContext();
    const till = await context.newPage();
    const session = await apiLogin(request, USERS.cashier);
    await seedSessionOnLoad(till, session.token, session.user);
    await withoutAnimations(till);
    await till.goto('/admin/dashboard');
    const own = till.getByRole('main');
    await expect(own.getByRole('heading', { level: 2, name: 'Your till today' })).toBeVisible();
    await expect(own.getByRole('link', { name: /^Sales at the till today: / })).toBeVisible();
    await expect(own.getByRole('heading', { level: 2, name: 'Recent sales' })).toBeVisible();
    await expect(own.getByText(/profit/i)).toHaveCount(0);
    await expect(own.getByRole('heading', { level: 2, name: 'This month' })).toHaveCount(0);
    await context.close();
  });
});

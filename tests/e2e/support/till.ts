import { expect, type Page } from '@playwright/test';

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

/**
 * Issue 34's invoice, as a person meets it: a sale completed with a split payment has its
 * invoice; its page reads like a real invoice, prints on A4 without the app around it (header
 * row repeated, no line split), and downloads the server's PDF under the invoice's number.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { SALES_API } from '../../domain/documents/sale.ts';
import { AdminApi, USERS, apiLogin, seedSessionOnLoad } from './support/pages.ts';

test('open an invoice, print it on A4, download its PDF', async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const session = await apiLogin(request, USERS.admin);
  await seedSessionOnLoad(page, session.token, session.user);
  const api = new AdminApi(request, session.token);
  const products = await api.list<{ id: number; on_hand: number; tracks_serials: boolean; status: string; tax_method: string }>('/api/v1/admin/products', { per_page: '100' });
  const sellable = products.filter((p) => p.on_hand >= 2 && !p.tracks_serials && p.status === 'active' && p.tax_method === 'exclusive').slice(0, 40);
  expect(sellable.length).toBe(40);
  const sale = await api.create<{ id: number; reference: string; grand_total: number; invoice: { id: number; number: string } }>(SALES_API, {
    sold_on: new Date().toISOString().slice(0, 10),
    lines: sellable.map((p, i) => ({ product_id: p.id, quantity: 1 + (i % 2) })),
    payments: [
      { method: 'card', amount: 10_000 },
      { method: 'cash', amount: 2_500 },
    ],
  });
  expect(sale.invoice.number).toMatch(/^INV-\d{6}$/);

  await page.goto(`/admin/invoice/${sale.invoice.id}`);
  const sheet = page.getByRole('article', { name: `Invoice ${sale.invoice.number}` });
  await expect(sheet.getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(sheet).toContainText('Northwind Home & Tech');
  await expect(sheet).toContainText('Tax number: US-91-4430217');
  await expect(sheet.getByRole('table', { name: 'Lines' }).getByRole('row')).toHaveCount(41);
  await expect(sheet.getByRole('table', { name: 'Totals' })).toContainText('Balance due');
  await expect(sheet.getByRole('table', { name: 'Totals' })).toContainText(/Tax 8% on \$/);

  // Print: only the sheet, on A4 pages; the header row repeats (thead) and no line is split.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(sheet).toBeVisible();
  const layout = await sheet.evaluate((el) => ({
    thead: getComputedStyle(el.querySelector('thead')!).display,
    row: getComputedStyle(el.querySelector('tbody tr')!).breakInside,
  }));
  expect(layout).toEqual({ thead: 'table-header-group', row: 'avoid' });
  await page.screenshot({ path: info.outputPath('invoice-print.png'), fullPage: true });
  const pdfOfPrint = await page.pdf({ format: 'A4' });
  expect(pdfOfPrint.subarray(0, 4).toString()).toBe('%PDF');
  await page.emulateMedia({ media: 'screen' });

  // Download PDF: the server's, named after the invoice.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`${sale.invoice.number}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
  expect(bytes.length).toBeGreaterThan(2_000);
});

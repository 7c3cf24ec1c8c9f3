/**
 * A report, tried as a new user would (issue 36): from the Reports menu to the index, one report
 * opened on last month by default (its range in the address), its total as the API counts it, the
 * CSV downloaded (its header the report's columns, its last row the total) and the print layout
 * (no menu, no top bar; the shop, the title, the range and the table), looked at in print media.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { formatMoney } from '../../domain/format.ts';
import { localDay, presetRange } from '../../domain/insight/report-range.ts';
import { REPORTS_API, reportByKind, type ReportResponse } from '../../domain/insight/reports.ts';
import { asAdmin, xsrfHeaders } from './support/pages.ts';

test('sales by day for last month: its total, its CSV and its print layout', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { token } = await asAdmin(page, request);
  const def = reportByKind('sales-by-day')!;
  const range = presetRange('lastMonth', localDay(new Date()));
  const res = await request.get(`${REPORTS_API}/${def.kind}?from=${range.from}&to=${range.to}`, { headers: { ...xsrfHeaders, Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const expected = (await res.json()) as ReportResponse;
  const net = expected.totals.net!;
  const main = page.getByRole('main');

  await test.step('the Reports menu leads to the index, the index to the report on last month', async () => {
    await page.goto('/admin/reports');
    await expect(main.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await main.getByRole('link', { name: new RegExp(def.title) }).click();
    await expect(main.getByRole('heading', { level: 1, name: def.title })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/reports/${def.kind}\\?from=${range.from}&to=${range.to}$`));
    await expect(main.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
    await expect(main.getByLabel('From')).toHaveValue(range.from);
    const total = main.getByRole('row', { name: /^Total/ });
    await expect(total).toContainText(formatMoney(net));
    await expect(main.getByRole('table').locator('tbody tr')).toHaveCount(expected.rows.length);
  });

  await test.step('Export CSV downloads the same range: the columns, then the rows, then the total', async () => {
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${def.kind}-${range.from}-to-${range.to}.csv`);
    const lines = (await readFile((await file.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]!.replace(/^\uFEFF/, '')).toBe(def.columns.map((c) => c.label).join(','));
    expect(lines).toHaveLength(expected.rows.length + 2);
    const last = lines.at(-1)!.split(',');
    expect(last[0]).toBe('Total');
    expect(last[def.columns.findIndex((c) => c.name === 'net')]).toBe(formatMoney(net, { plain: true }));
  });

  await test.step('printed: the report alone, headed by the shop, the title and the range', async () => {
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation').first()).toBeHidden();
    await expect(main.getByRole('button', { name: 'Export CSV' })).toBeHidden();
    const sheet = main.getByRole('region', { name: def.title, exact: true });
    await expect(sheet.getByRole('heading', { level: 2, name: def.title })).toBeVisible();
    await expect(sheet.getByRole('row', { name: /^Total/ })).toContainText(formatMoney(net));
    await page.screenshot({ path: test.info().outputPath('report-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  });
});

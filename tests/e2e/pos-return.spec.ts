/**
 * A return at the till, as a cashier walks it: sell a product, then Alt+R, the receipt's
 * reference scanned (a scanner types fast and ends with Enter), one unit back refunded in cash,
 * the refund shown, and the stock back in the till's catalogue.
 */
import { expect, test } from '@playwright/test';
import { asAdmin } from './support/pages.ts';
import { openTill, tillProduct } from './support/till.ts';

test('return by the receipt’s barcode: one item back, refunded in cash, its stock back', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { api, token } = await asAdmin(page, request);
  const kettle = await tillProduct(api, 'Kettle');
  const code = kettle.barcode;
  const { data: terms } = await (
    await request.get('/api/v1/admin/pos/terms', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const total = 1250 + Math.round((1250 * terms.default_tax_bps) / 10000);
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const main = page.getByRole('main');
  const search = main.getByRole('searchbox', { name: 'Search or scan' });

  await openTill(page);

  let reference = '';
  await test.step('sell one by a scan, paid in cash', async () => {
    await search.pressSequentially(code, { delay: 10 });
    await search.press('Enter');
    await expect(main.getByRole('list', { name: 'Cart lines' })).toContainText(kettle.name);
    await page.keyboard.press('F9');
    const pay = page.getByRole('dialog', { name: `Pay ${dollars(total)}` });
    await pay.getByRole('button', { name: 'Cash $20.00' }).click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    const barcode = page.getByRole('dialog', { name: 'Sale complete' }).getByRole('img', { name: /^Barcode SL-\d{6}$/ });
    reference = (await barcode.getAttribute('alt'))!.replace('Barcode ', '');
    await page.getByRole('dialog', { name: 'Sale complete' }).getByRole('button', { name: 'New sale' }).click();
    await expect(search).toBeFocused();
  });

  await test.step('Alt+R, then the receipt scanned: the sale’s lines that can come back', async () => {
    await page.keyboard.press('Alt+r');
    const dialog = page.getByRole('dialog', { name: 'Return' });
    await expect(dialog.getByRole('textbox', { name: 'Receipt reference' })).toBeFocused();
    await page.keyboard.type(reference, { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(dialog).toContainText(reference);
    await expect(dialog.getByRole('form', { name: 'Return goods' })).toBeVisible();
  });

  await test.step('one back, refunded in cash: the refund shown', async () => {
    const dialog = page.getByRole('dialog', { name: 'Return' });
    const panel = dialog.getByRole('form', { name: 'Return goods' });
    await panel.getByRole('textbox', { name: `Return how many of ${kettle.name}` }).fill('1');
    await expect(panel.getByRole('group', { name: 'What it is worth' })).toContainText(dollars(total));
    await panel.getByRole('button', { name: 'Add a refund' }).click();
    const refund = panel.getByRole('group', { name: 'Refund 1' });
    // The POS setting's first method: cash.
    await expect(refund).toContainText('Cash');
    await refund.getByRole('textbox', { name: 'Amount' }).fill((total / 100).toFixed(2));
    await panel.getByRole('button', { name: 'Record return' }).click();
    await expect(dialog.getByRole('status')).toHaveText(new RegExp(`^Return SR-\\d{6} recorded on ${reference}, \\${dollars(total)} refunded`));
    await expect(dialog.getByLabel('Refunded')).toHaveText(`Refund ${dollars(total)}`);
    await expect(dialog.getByRole('list', { name: 'Refunds' })).toHaveText(`Cash: ${dollars(total)}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the stock came back: 3 in stock again in the till’s catalogue', async () => {
    await search.fill(kettle.name);
    await expect(main.getByRole('button', { name: new RegExp(kettle.name) })).toContainText('3 in stock');
  });
});

/**
 * A quotation, tried as a new user would: written for a customer with a product found by name,
 * sent, accepted and converted to a sale — once: the Convert button is gone after, and the new
 * pending sale's page opens, linking back to its quotation. At every status the page's enabled
 * buttons are the lifecycle table's (domain/documents/quotation.facts.ts), the table the
 * machine's `snapshot.can` and the server both read.
 */
import { expect, test } from '@playwright/test';
import { actionsFrom } from '../../domain/documents/lifecycle.ts';
import { quotationLifecycle, type QuotationStatus } from '../../domain/documents/quotation.facts.ts';
import { asAdmin } from './support/pages.ts';
import { PurchaseFormPage } from './support/purchase-pages.ts';

test('a quotation written, sent, accepted and converted once opens its pending sale', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { api } = await asAdmin(page, request);
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const chair = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Oak chair ${tag}`, sku: `OC-${tag}`, unit_id: unit!.id, cost_price: 4000, sale_price: 9900 });
  const buyer = await api.create<{ id: number; name: string }>('/api/v1/admin/customers', { name: `Quinn ${tag}` });
  const form = new PurchaseFormPage(page);
  const main = page.getByRole('main');
  const button = (label: string) => main.getByRole('button', { name: label, exact: true });
  const seeButtonsFor = async (status: QuotationStatus) => {
    const open = actionsFrom(quotationLifecycle, status);
    for (const [action, def] of Object.entries(quotationLifecycle.actions)) {
      if (action === 'edit') continue;
      if (open.includes(action as never)) await expect(button(def.label)).toBeEnabled();
      else await expect(button(def.label)).toBeDisabled();
    }
    await expect(main.getByLabel('Quotation', { exact: true })).toContainText(quotationLifecycle.statuses[status].label);
  };
  const step = async (label: string, panel: string, submit: string) => {
    await button(label).click();
    const sheet = main.getByRole('form', { name: panel });
    await sheet.getByRole('button', { name: submit, exact: true }).click();
    await expect(sheet).toBeHidden();
  };

  await form.open('/admin/quotations/create', 'Create quotation');
  const customer = main.getByRole('combobox', { name: 'Customer', exact: true });
  await customer.click();
  await customer.fill(buyer.name);
  await page.getByRole('listbox', { name: 'Customer' }).getByRole('option', { name: buyer.name }).click();
  await form.addProduct(chair.name);
  await form.quantity(chair.name).fill('4');
  await main.getByRole('button', { name: 'Save quotation' }).click();
  await expect(page).toHaveURL(/\/admin\/quotations\/view\/\d+$/);
  const reference = (await main.getByText(/^QT-\d{6}$/).first().textContent())!;
  await seeButtonsFor('draft');
  await expect(main.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  await expect(main).toContainText('$396.00');

  await step('Send', 'Send the quotation', 'Mark sent');
  await seeButtonsFor('sent');
  await expect(main.getByRole('link', { name: 'Edit', exact: true })).toBeHidden();
  await step('Accept', 'The customer accepts', 'Mark accepted');
  await seeButtonsFor('accepted');
  await step('Convert to sale', 'Convert to a sale', 'Convert to sale');

  // The new pending sale opens, with the quotation's lines, and links back.
  await expect(page).toHaveURL(/\/admin\/sales\/edit\/\d+$/);
  await expect(main).toContainText('Pending');
  await expect(main).toContainText(buyer.name);
  await expect(main.getByRole('link', { name: `From quotation ${reference}` })).toBeVisible();
  await main.getByRole('link', { name: `From quotation ${reference}` }).click();

  // Converted once: no step is open any more, and the quotation names its sale.
  await expect(page).toHaveURL(/\/admin\/quotations\/view\/\d+$/);
  await seeButtonsFor('converted');
  await expect(main.getByRole('link', { name: /^SL-\d{6}$/ })).toBeVisible();
});

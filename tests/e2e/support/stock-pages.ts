/**
 * Page objects for the product and stock screens (issue 10): roles, labels and visible text only.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ProductFormPage {
  readonly main: Locator;
  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }
  async open(): Promise<void> {
    await this.page.goto('/admin/product/create');
    await expect(this.main.getByRole('form', { name: 'Create product' })).toBeVisible();
  }
  async fill(label: string, value: string): Promise<void> {
    await this.main.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  async choose(label: string, typed: string, option: RegExp): Promise<void> {
    const box = this.main.getByRole('combobox', { name: label, exact: true });
    await box.click();
    await box.fill(typed);
    await pickOption(this.page, this.main, label, option);
  }
  async uploadImage(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.main.getByLabel('Choose image file').setInputFiles(file);
  }
  async seeImagePreview(): Promise<void> {
    await expect(this.main.getByRole('img', { name: 'Image: preview' })).toBeVisible();
  }
  async seeImageError(text: RegExp | string): Promise<void> {
    await expect(this.main.getByText(text)).toBeVisible();
  }
  async clickGenerateBarcode(): Promise<string> {
    const input = this.main.getByRole('textbox', { name: 'Barcode' });
    await this.main.getByRole('button', { name: 'Generate barcode' }).click();
    await expect(input).toHaveValue(/^20\d{11}$/);
    return input.inputValue();
  }
  async clickSave(): Promise<void> {
    await this.main.getByRole('button', { name: 'Save' }).click();
  }
}

export class StockPage {
  readonly main: Locator;
  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }
  async open(): Promise<void> {
    await this.page.goto('/admin/stock');
    await expect(this.main.getByRole('heading', { name: 'Stock levels' })).toBeVisible();
  }
  async adjust(a: { product: string; reason: string; quantity: string; note?: string }): Promise<void> {
    await this.main.getByRole('button', { name: 'Adjust stock' }).click();
    const form = this.main.getByRole('form', { name: 'Adjust stock' });
    await expect(form).toBeVisible();
    const product = form.getByRole('combobox', { name: 'Product', exact: true });
    await product.click();
    await product.fill(a.product);
    await pickOption(this.page, form, 'Product', new RegExp(`^${a.product}`));
    await form.getByRole('combobox', { name: 'Reason', exact: true }).click();
    await this.page.getByRole('listbox', { name: 'Reason' }).getByRole('option', { name: a.reason, exact: true }).click();
    await form.getByRole('textbox', { name: 'Quantity', exact: true }).fill(a.quantity);
    if (a.note) await form.getByRole('textbox', { name: 'Note', exact: true }).fill(a.note);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);
  }
  ledger(): Locator {
    return this.main.getByRole('region', { name: 'Movement ledger' });
  }
}

/** The top bar's bell: its label says how many products are low or out. */
export async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notifications/ });
  // Until its first answer the bell is just "Notifications": read it once it has counted.
  await expect(bell).toHaveAttribute('aria-label', /no low stock|\d+ products? low/);
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) products? low/.exec(label)?.[1] ?? 0);
}

/** Picks a relation field's choice once the search has narrowed its list to it (the list reloads as one types). */
async function pickOption(page: Page, root: Locator, label: string, option: RegExp): Promise<void> {
  const list = page.getByRole('listbox', { name: label });
  await expect(list.getByRole('option')).toHaveCount(1);
  await list.getByRole('option', { name: option }).click();
  await expect(root.getByRole('combobox', { name: label, exact: true })).toHaveValue(option);
}

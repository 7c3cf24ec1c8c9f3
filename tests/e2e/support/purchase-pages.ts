/**
 * Page objects for the purchase screens and the stock count (issue 11): roles, labels and
 * visible text only.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { actionsFrom } from '../../../domain/documents/lifecycle.ts';
import { purchaseLifecycle, type PurchaseStatus } from '../../../domain/documents/purchase.ts';

/** A valid EAN-13 from 12 digits (the check digit computed), so a scan is a real barcode. */
export function ean13(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

export class PurchaseFormPage {
  readonly main: Locator;
  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }
  form(name = 'Create purchase'): Locator {
    return this.main.getByRole('form', { name });
  }
  async open(path = '/admin/purchase/create', name = 'Create purchase'): Promise<void> {
    await this.page.goto(path);
    await expect(this.form(name)).toBeVisible();
  }
  async chooseSupplier(name: string): Promise<void> {
    const box = this.main.getByRole('combobox', { name: 'Supplier', exact: true });
    await box.click();
    await box.fill(name);
    await this.page.getByRole('listbox', { name: 'Supplier' }).getByRole('option', { name }).click();
    await expect(box).toHaveValue(name);
  }
  async addProduct(name: string): Promise<void> {
    const box = this.main.getByRole('combobox', { name: 'Add a product', exact: true });
    await box.fill(name);
    await this.page.getByRole('listbox', { name: 'Add a product' }).getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await expect(this.line(name)).toBeVisible();
  }
  async scan(code: string): Promise<void> {
    const box = this.main.getByRole('textbox', { name: 'Scan a barcode', exact: true });
    await box.fill(code);
    await box.press('Enter');
  }
  line(name: string): Locator {
    return this.main.getByRole('list', { name: 'Lines' }).getByRole('listitem', { name });
  }
  quantity(name: string): Locator {
    return this.main.getByRole('textbox', { name: `Quantity of ${name}`, exact: true });
  }
  async clickOrder(label = 'Order'): Promise<void> {
    await this.main.getByRole('button', { name: label, exact: true }).click();
  }
}

/** A purchase's own page: its buttons, the open action's panel, its facts, payments and history. */
export class PurchasePage {
  readonly main: Locator;
  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }
  button(label: string): Locator {
    return this.main.getByRole('button', { name: label, exact: true });
  }
  /** The buttons the page enables are the lifecycle table's actions from this status (edit is the form itself). */
  async seeButtonsFor(status: PurchaseStatus): Promise<void> {
    const expected = actionsFrom(purchaseLifecycle, status).filter((a) => a !== 'edit').map((a) => purchaseLifecycle.actions[a].label);
    for (const [action, def] of Object.entries(purchaseLifecycle.actions)) {
      if (action === 'edit') continue;
      if (expected.includes(def.label)) await expect(this.button(def.label)).toBeEnabled();
      else await expect(this.button(def.label)).toBeDisabled();
    }
    await expect(this.main.getByLabel('Purchase', { exact: true })).toContainText(purchaseLifecycle.statuses[status].label);
  }
  panel(title: string): Locator {
    return this.main.getByRole('form', { name: title });
  }
  panelLine(title: string, list: string, name: string): Locator {
    return this.panel(title).getByRole('list', { name: list }).getByRole('listitem', { name });
  }
}

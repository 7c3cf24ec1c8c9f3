/**
 * Website orders, tried as a new user would: two orders placed through the public endpoint
 * (the test's own request, no session), found on "Pending orders", one processed and shipped,
 * the other processed and then cancelled, its stock coming back. At every status the page's
 * enabled buttons are the lifecycle table's (domain/documents/order.facts.ts), the table the
 * machine's `snapshot.can` and the server both read.
 */
import { expect, request as requests, test, type Page } from '@playwright/test';
import { actionsFrom } from '../../domain/documents/lifecycle.ts';
import { orderLifecycle, SHOP_ORDERS_API, type OrderStatus } from '../../domain/documents/order.facts.ts';
import { asAdmin } from './support/pages.ts';

/** The public website places an order: a client of its own, no token, no cookie. */
async function placeOrder(productId: number, quantity: number, who: string): Promise<string> {
  const website = await requests.newContext({ baseURL: test.info().project.use.baseURL });
  const res = await website.post(SHOP_ORDERS_API, {
    headers: { 'Idempotency-Key': `e2e-${who}` },
    data: {
      customer: { name: `Web ${who}`, email: `${who}@example.net` },
      shipping: { name: `Web ${who}`, address: '12 Orchard Lane', city: 'York', postcode: 'YO1 7HH', country: 'United Kingdom' },
      lines: [{ product_id: productId, quantity }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const reference = ((await res.json()) as { data: { reference: string } }).data.reference;
  await website.dispose();
  return reference;
}

class OrderPage {
  constructor(readonly page: Page) {}
  get main() {
    return this.page.getByRole('main');
  }
  button(label: string) {
    return this.main.getByRole('button', { name: label, exact: true });
  }
  async seeButtonsFor(status: OrderStatus) {
    const open = actionsFrom(orderLifecycle, status).map((a) => orderLifecycle.actions[a].label);
    for (const def of Object.values(orderLifecycle.actions)) {
      if (open.includes(def.label)) await expect(this.button(def.label)).toBeEnabled();
      else await expect(this.button(def.label)).toBeDisabled();
    }
    await expect(this.main.getByLabel('Order', { exact: true })).toContainText(orderLifecycle.statuses[status].label);
  }
  /** Presses a step's button and sends its panel. */
  async step(button: string, panel: string, submit: string) {
    await this.button(button).click();
    const form = this.main.getByRole('form', { name: panel });
    await form.getByRole('button', { name: submit, exact: true }).click();
    await expect(form).toBeHidden();
  }
}

test('an order placed on the website is processed and shipped; another is cancelled from processing and its stock comes back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token, api } = await asAdmin(page, request);
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const lamp = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Web lamp ${tag}`, sku: `WL-${tag}`, unit_id: unit!.id, cost_price: 1200, sale_price: 2500 });
  await api.create('/api/v1/admin/stock/adjustments', { product_id: lamp.id, quantity: 10, reason: 'opening', unit_cost: 1200 });
  const onHand = async () => ((await (await request.get(`/api/v1/admin/products/${lamp.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { on_hand: number } }).data.on_hand;

  const shipped = await placeOrder(lamp.id, 2, `ship-${tag}`);
  const cancelled = await placeOrder(lamp.id, 3, `cancel-${tag}`);
  expect(await onHand()).toBe(10);

  // "Pending orders" opens on the pending ones: both are there.
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Pending orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: shipped, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: cancelled, exact: true })).toBeVisible();

  const order = new OrderPage(page);
  await page.getByRole('link', { name: shipped, exact: true }).click();
  await expect(page.getByRole('heading', { name: shipped })).toBeVisible();
  await expect(order.main).toContainText('12 Orchard Lane');
  await expect(order.main).toContainText(`Web lamp ${tag}`);
  await order.seeButtonsFor('pending');
  await order.step('Start processing', 'Start processing', 'Start processing');
  await order.seeButtonsFor('processing');
  expect(await onHand()).toBe(8);
  await order.step('Mark shipped', 'Mark as shipped', 'Mark shipped');
  await order.seeButtonsFor('shipped');
  await expect(order.main.getByRole('region', { name: 'History' }).or(order.main.locator('#history'))).toContainText('Shipped');
  expect(await onHand()).toBe(8);

  await page.goto('/admin/orders');
  await expect(page.getByRole('link', { name: shipped, exact: true })).toBeHidden();
  await page.getByRole('link', { name: cancelled, exact: true }).click();
  await expect(page.getByRole('heading', { name: cancelled })).toBeVisible();
  await order.step('Start processing', 'Start processing', 'Start processing');
  await order.seeButtonsFor('processing');
  expect(await onHand()).toBe(5);
  await order.step('Cancel order', 'Cancel the order', 'Cancel order');
  await order.seeButtonsFor('cancelled');
  expect(await onHand()).toBe(8);
});

/**
 * Issue 11's machines walked in Chromium: the purchase form's line editor, and a purchase's
 * lifecycle with its action panels. Each walk comes from the REAL machine's graph
 * (tests/e2e/support/purchase-models.ts, tests/model/walk.ts) and takes every edge; each step
 * is made to happen the way a person or the server would (a product picked or scanned, a
 * quantity typed, a button pressed, a held call released to the real server or cut off as a
 * lost connection), and each state is checked by what the page shows against twins (real
 * actors of the machines replaying the walk), which also measure coverage: it must be complete.
 * Where the lifecycle table refuses an action, its button is disabled and the real server,
 * asked anyway, answers 409 with the table's own sentence.
 */
import { expect, test, type APIRequestContext, type Page, type Request, type Route } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { refusal } from '../../domain/documents/lifecycle.ts';
import { LINE_PRODUCTS_API } from '../../domain/documents/lines.ts';
import { PURCHASES_API, purchaseLifecycle, type PurchaseStatus } from '../../domain/documents/purchase.ts';
import { actionDraftMachine } from '../../machines/document/action-draft.machine.ts';
import { documentLifecycleMachine } from '../../machines/document/lifecycle.machine.ts';
import { QUOTATION_ONLY } from '../model/quotation-only.ts';
import { isDirty, lineEditorMachine, type LineEditorContext } from '../../machines/document/line-editor.machine.ts';
import { purchaseEditor, purchasePanels } from '../../machines/purchases/purchase.kind.ts';
import { draftFor, editorInput, type PurchaseDoc } from '../../machines/purchases/purchase-view.selectors.ts';
import { testEnv } from '../model/test-env.ts';
import { Coverage } from '../model/coverage.ts';
import { twinOf } from './support/product-stock-models.ts';
import { asAdmin, LeaveDialog, Toasts, xsrfHeaders } from './support/pages.ts';
import { CANCELLED, PICKED, SCANNED, THROUGH_RECEIVED, UNKNOWN_CODE, lifecycleWalk, lineEditorWalk, type DocExtra, type PanelAction, type Plan } from './support/purchase-models.ts';
import { ean13, PurchaseFormPage, PurchasePage } from './support/purchase-pages.ts';

/** Holds the app's calls matching `test` until a step says how the server answers. */
class Held {
  readonly routes: Route[] = [];
  readonly keys: string[] = [];
  constructor(
    readonly page: Page,
    readonly test: (url: URL, method: string) => boolean,
  ) {}
  async install(): Promise<void> {
    await this.page.route(
      (url) => url.pathname.startsWith('/api/'),
      (route) => {
        const req = route.request();
        if (!this.test(new URL(req.url()), req.method())) return route.fallback();
        this.keys.push(req.headers()['idempotency-key'] ?? '');
        this.routes.push(route);
      },
    );
  }
  async take(): Promise<Route> {
    await expect.poll(() => this.routes.length, { message: 'one call on its way' }).toBe(1);
    return this.routes.shift()!;
  }
  /** The connection drops: the app never hears an answer. */
  async lose(): Promise<void> {
    await (await this.take()).abort('internetdisconnected');
  }
  async release(): Promise<void> {
    await (await this.take()).continue();
  }
}

/** Signed in as the demo admin (its one session), animations off: the admin API for setting up. */
const signIn = async (page: Page, request: APIRequestContext) => (await asAdmin(page, request)).api;

const PANEL_TITLES: Record<PanelAction, string> = { receive: 'Receive goods', return: 'Return to supplier', pay: 'Add a payment', cancel: 'Cancel the purchase' };
const SUBMIT: Record<PanelAction, string> = { receive: 'Receive', return: 'Return', pay: 'Record payment', cancel: 'Cancel purchase' };
const CLOSE: Record<PanelAction, string> = { receive: 'Close', return: 'Close', pay: 'Close', cancel: 'Keep it' };
const ACTION_PATH: Record<PanelAction, string> = { receive: 'receive', return: 'return', pay: 'payments', cancel: 'cancel' };
const MESSAGES = { supplier: 'Choose a supplier.', lines: 'Add at least one product.', quantity: 'Enter 1 or more.' };

test('every edge of the purchase form’s line editor and of a purchase’s lifecycle, against the real server', async ({ page, request }) => {
  test.setTimeout(240_000);
  const api = await signIn(page, request);
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const supplier = await api.create<{ id: number; name: string }>('/api/v1/admin/suppliers', { name: `Walk Supplies ${tag}` });
  const scanCode = ean13(`22${String(Date.now()).slice(-10)}`);
  const picked = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Walk cable ${tag}`, sku: `WCB-${tag}`, unit_id: unit!.id, cost_price: 250, sale_price: 500 });
  const scanned = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Walk bolt ${tag}`, sku: `WBT-${tag}`, barcode: scanCode, unit_id: unit!.id, cost_price: 120, sale_price: 300 });
  const phone = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Walk phone ${tag}`, sku: `WPH-${tag}`, unit_id: unit!.id, cost_price: 30000, sale_price: 45000, tracks_serials: true });
  const main = page.getByRole('main');
  const form = new PurchaseFormPage(page);
  const doc = new PurchasePage(page);
  const toasts = new Toasts(page);
  const leave = new LeaveDialog(page);
  // A purchase takes no payments with the document (its kind declares none; the guard refuses them).
  const editorCoverage = new Coverage('lineEditor', lineEditorMachine, {}, {
    'lineEditor.editing payment.add#0': 'tests/model/line-editor.model.test.ts and tests/e2e/sales.spec.ts: a sale’s split payments',
    'lineEditor.editing payment.change#0': 'tests/model/line-editor.model.test.ts and tests/e2e/sales.spec.ts: a sale’s split payments',
    'lineEditor.editing payment.remove#0': 'tests/model/line-editor.model.test.ts: a sale’s split payments',
    // A purchase types its serials (goods coming in); a kind that sells picks them one by one.
    'lineEditor.editing line.serial.add#0': 'tests/model/line-editor.model.test.ts and tests/e2e/sales.spec.ts: a selling line picks its serials',
    'lineEditor.editing line.serial.remove#0': 'tests/model/line-editor.model.test.ts: a selling line picks its serials',
    // A serial typed on a line that sells is asked of the stock first; a purchase's new serials are not.
    'lineEditor.checkingSerial': 'tests/model/line-editor.model.test.ts and tests/e2e/sales.spec.ts: a serial typed or scanned on a selling line',
    'lineEditor.editing line.serial.add#1': 'tests/model/line-editor.model.test.ts and tests/e2e/sales.spec.ts: a serial typed or scanned on a selling line',
  });
  const authHeaders = { ...xsrfHeaders, Authorization: `Bearer ${api.token}` };
  const getPurchase = async (id: number) => ((await (await request.get(`${PURCHASES_API}/${id}`, { headers: authHeaders })).json()) as { data: PurchaseDoc }).data;

  await test.step('the line editor, on the create form', async () => {
    const twin = twinOf(lineEditorMachine, editorCoverage, { kind: purchaseEditor, header: purchaseEditor.emptyHeader('2026-01-05') });
    const names = new Map([[PICKED.id, picked.name], [SCANNED.id, scanned.name]]);
    const scans = new Held(page, (url, method) => method === 'GET' && url.pathname === LINE_PRODUCTS_API && [scanCode, UNKNOWN_CODE].includes(url.searchParams.get('search') ?? ''));
    const saves = new Held(page, (url, method) => method === 'POST' && url.pathname === PURCHASES_API);
    await scans.install();
    await saves.install();
    await form.open();
    const lines = main.getByRole('list', { name: 'Lines' }).getByRole('listitem');
    const order = main.getByRole('button', { name: 'Order', exact: true });
    const alerts = (text: string) => main.getByText(text, { exact: true });
    const walk = lineEditorWalk();
    const taken = new Set<string>();
    for (const [i, step] of walk.steps.entries()) {
      const e = step.event;
      taken.add(`${walk.key(twin.getSnapshot() as never, null)} ${JSON.stringify(e)}`);
      await test.step(`step ${i}: ${e.type}${'code' in e ? ` ${e.code}` : ''}${'value' in e ? ` ${e.value}` : ''}`, async () => {
        const before = twin.getSnapshot().context as LineEditorContext;
        const nameAt = (index: number) => names.get(before.lines[index]!.product!.id)!;
        if (e.type === 'form.submit') await order.click();
        else if (e.type === 'header.change') await form.chooseSupplier(supplier.name);
        else if (e.type === 'line.add') await form.addProduct(picked.name);
        else if (e.type === 'line.scan') await form.scan(e.code === UNKNOWN_CODE ? UNKNOWN_CODE : scanCode);
        else if (e.type === 'line.change') await form.quantity(nameAt(e.index)).fill(String(e.value));
        else if (e.type === 'line.remove') await main.getByRole('button', { name: `Remove ${nameAt(e.index)}` }).click();
        else if (e.type === 'walk.leave') {
          // Leaving with the order unsaved asks first; Stay keeps every line.
          await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
          await leave.seeOpen();
          await leave.clickStay();
          await leave.seeClosed();
        } else if (e.type === 'xstate.done.actor.lookupProduct') await scans.release();
        else if (e.type === 'xstate.error.actor.lookupProduct') await scans.lose();
        else if (e.type === 'xstate.error.actor.saveDocument') await saves.lose();
        else if (e.type === 'xstate.done.actor.saveDocument') await saves.release();
        twin.send(e);
        const s = twin.getSnapshot();
        const c = s.context as LineEditorContext;
        if (s.matches('saved')) {
          await expect(page).toHaveURL(/\/admin\/purchase\/edit\/\d+$/);
          await toasts.seeToast('ordered.');
          // Sent twice (the first answer was lost), as one request: the same key, one order.
          expect(new Set(saves.keys).size, 'a resend carries the same Idempotency-Key').toBe(1);
          const [row] = await api.list<{ id: number }>(PURCHASES_API, { supplier_id: String(supplier.id) });
          expect(row, 'one purchase was ordered').toBeDefined();
          expect((await api.list<{ id: number }>(PURCHASES_API, { supplier_id: String(supplier.id) })).length).toBe(1);
          expect(await leave.reloadWouldAsk(), 'saved: nothing to lose').toBe(false);
          return;
        }
        if (s.hasTag('busy')) {
          await expect(order).toBeDisabled();
          const held = s.matches('scanning') ? scans : saves;
          await expect.poll(() => held.routes.length, { message: 'one call on its way' }).toBe(1);
          return;
        }
        await expect(order).toBeEnabled();
        await expect(lines).toHaveCount(c.lines.length);
        for (const [k, l] of c.lines.entries()) {
          const name = names.get(l.product!.id)!;
          await expect(lines.nth(k)).toHaveAccessibleName(name);
          await expect(form.quantity(name)).toHaveValue(String(l.quantity));
          await expect(lines.nth(k).getByText(MESSAGES.quantity)).toHaveCount(c.errors[`lines.${k}.quantity`] ? 1 : 0);
        }
        await expect(alerts(MESSAGES.supplier)).toHaveCount(c.errors.supplier_id ? 1 : 0);
        await expect(alerts(MESSAGES.lines)).toHaveCount(c.errors.lines ? 1 : 0);
        if (c.errors.scan) await expect(alerts(c.errors.scan)).toBeVisible();
        else await expect(main.getByText(/^(No product has the barcode|The product could not be looked up)/)).toHaveCount(0);
        await expect(alerts(c.formError ?? 'The server cannot be reached.')).toHaveCount(c.formError ? 1 : 0);
        expect(await leave.reloadWouldAsk(), 'leaving asks while anything is unsaved').toBe(isDirty(c));
      });
    }
    twin.stop();
    await page.unrouteAll({ behavior: 'wait' });
    console.log(`[edges] line editor: ${taken.size}/${walk.edges}`);
    expect(taken.size, 'every edge of the line editor’s graph, taken by the page').toBe(walk.edges);
  });

  const lifecycleCoverage = new Coverage('documentLifecycle', documentLifecycleMachine, {}, {
    'documentLifecycle.ready doc.saved#0': 'tests/e2e/purchases.spec.ts: an ordered purchase’s changes saved on its page, then received',
    ...QUOTATION_ONLY,
  });
  // A purchase's panels are neither dated nor give refunds, nor pick serials: a sale's Return does.
  const saleReturn = 'tests/model/sale-return-walks.model.test.ts: a sale’s Return panel (tests/e2e/sales.spec.ts sends one)';
  const wholeLines = 'tests/model/document-actions.model.test.ts: a pending sale’s Complete panel (tests/e2e/sales.spec.ts picks a serial in it)';
  const draftCoverage = new Coverage('actionDraft', actionDraftMachine, {}, {
    ...Object.fromEntries(['draft.pick', 'draft.date', 'payment.add', 'payment.change', 'payment.remove'].map((e) => [`actionDraft.open ${e}#0`, saleReturn])),
    ...Object.fromEntries(['draft.serial.add', 'draft.serial.remove'].map((e) => [`actionDraft.open ${e}#0`, wholeLines])),
  });
  for (const [name, plan] of [
    ['ordered, received in part then in full, returned', THROUGH_RECEIVED],
    ['ordered, received in part, cancelled, some returned, paid', CANCELLED],
  ] as [string, Plan][]) {
    await test.step(`a purchase ${name}`, async () => {
      const created = await api.create<{ id: number }>(PURCHASES_API, {
        supplier_id: supplier.id,
        purchased_on: '2026-01-05',
        lines: [
          { product_id: picked.id, quantity: 20, unit_cost: 250 },
          { product_id: phone.id, quantity: 2, unit_cost: 30000 },
        ],
      });
      let current = await getPurchase(created.id);
      const cableLine = current.lines.find((l) => l.product_id === picked.id)!;
      const twin = twinOf(documentLifecycleMachine, lifecycleCoverage, { lifecycle: purchaseLifecycle, doc: { id: created.id, status: 'ordered' }, env: testEnv() });
      const draft = twinOf(actionDraftMachine, draftCoverage, { panels: purchasePanels });
      let editor = twinOf(lineEditorMachine, editorCoverage, { kind: purchaseEditor, ...editorInput(current) });
      const actions = new Held(page, (url, method) => method === 'POST' && new RegExp(`^${PURCHASES_API}/${created.id}/(receive|return|payments|cancel)$`).test(url.pathname));
      await actions.install();
      let sent = 0;
      const countSent = (r: Request) => void (r.method() === 'POST' && new RegExp(`/purchases/${created.id}/`).test(r.url()) && sent++);
      page.on('request', countSent);
      await page.goto(`/admin/purchase/edit/${created.id}`);
      await expect(main.getByLabel('Purchase', { exact: true })).toContainText('Ordered');
      const walk = lifecycleWalk(plan);
      let extra: DocExtra = { panel: null };
      const serialsIn: string[] = [];
      let serial = 0;
      let namedTwice = false;
      let noted = false;
      const panel = (a: PanelAction) => doc.panel(PANEL_TITLES[a]);
      // The purchase's own button comes first; the open panel's "Receive" sends it.
      const button = (a: PanelAction) => doc.button(purchaseLifecycle.actions[a].label).first();
      const panelLine = (a: PanelAction, lineName: string) => panel(a).getByRole('listitem', { name: lineName });
      const fillQuantity = async (a: PanelAction, lineName: string, n: number, index: number) => {
        await panel(a).getByRole('textbox', { name: `${a === 'receive' ? 'Receive' : 'Return'} how many of ${lineName}` }).fill(String(n));
        draft.send({ type: 'draft.quantity', index, value: n });
      };
      const fillSerials = async (a: PanelAction, lineName: string, text: string, index: number) => {
        await panel(a).getByRole('textbox', { name: `Serial numbers of ${lineName}` }).fill(text);
        draft.send({ type: 'draft.serials', index, text });
      };
      const submit = async (a: PanelAction, twice = false) => {
        const send = panel(a).getByRole('button', { name: SUBMIT[a], exact: true });
        if (twice) await send.dblclick();
        else await send.click();
        draft.send({ type: 'draft.submit' });
      };

      const taken = new Set<string>();
      for (const [i, step] of walk.steps.entries()) {
        const e = step.event as AnyEventObject & { action?: PanelAction };
        taken.add(`${walk.key(twin.getSnapshot() as never, extra)} ${JSON.stringify(e)}`);
        await test.step(`step ${i}: ${e.type}${e.action ? ` ${e.action}` : ''}${e.type === 'xstate.done.actor.runAction' ? ` → ${e.output.data.status}` : ''}`, async () => {
          const s0 = twin.getSnapshot();
          const status = s0.context.doc.status as PurchaseStatus;
          const sentBefore = sent;
          if (e.type === 'doc.open') {
            if (!s0.can({ type: 'doc.act', action: e.action! })) {
              // The table refuses: the button is disabled, and the server says the table's sentence.
              await expect(button(e.action!)).toBeDisabled();
              const body = e.action === 'return' ? { lines: [{ line_id: cableLine.id, quantity: 1 }] } : {};
              const res = await request.post(`${PURCHASES_API}/${created.id}/${ACTION_PATH[e.action!]}`, { headers: { ...authHeaders, 'Idempotency-Key': `walk-${tag}-${i}` }, data: body });
              expect(res.status()).toBe(409);
              expect(((await res.json()) as { message: string }).message).toBe(refusal(purchaseLifecycle, e.action!, status));
            } else {
              await button(e.action!).click();
              // The panel opens from what the purchase has now; the twin's draft opens the same way.
              if (!s0.context.unsaved) {
                current = await getPurchase(created.id);
                draft.send({ type: 'draft.open', panel: e.action!, ...draftFor(e.action!, current, '2026-01-05') });
              }
            }
          } else if (e.type === 'walk.close') {
            await panel(extra.panel!).getByRole('button', { name: CLOSE[extra.panel!], exact: true }).click();
            draft.send({ type: 'draft.close' });
          } else if (e.type === 'doc.unsaved') {
            if (e.unsaved) {
              await form.quantity(picked.name).fill('21');
              editor.send({ type: 'line.change', index: 0, field: 'quantity', value: 21 });
            } else {
              await main.getByRole('button', { name: 'Discard changes' }).click();
              editor.send({ type: 'form.reset' });
              await expect(form.quantity(picked.name)).toHaveValue('20');
            }
          } else if (e.type === 'doc.retry') {
            await panel(extra.panel!).getByRole('button', { name: 'Try again' }).click();
          } else if (e.type === 'doc.act') {
            const a = e.action!;
            if (s0.context.unsaved) {
              // A receive filled in as it would be sent: the machine refuses it for the unsaved change.
              const lines = (draft.getSnapshot().context.lines as { name: string }[]).map((l) => l.name);
              await fillQuantity(a, picked.name, 5, lines.indexOf(picked.name));
              await fillQuantity(a, phone.name, 0, lines.indexOf(phone.name));
              await submit(a);
              draft.send({ type: 'draft.failed', errors: {} });
            } else {
              // What the person fills in depends on where the server is to take the purchase next.
              const next = walk.steps[i + 1]!.event;
              const to = next.type === 'xstate.done.actor.runAction' ? (next.output.data.status as PurchaseStatus) : 'offline';
              const lines = (draft.getSnapshot().context.lines as { name: string }[]).map((l) => l.name);
              const at = (n: string) => lines.indexOf(n);
              if (a === 'receive' && status === 'ordered') {
                await fillQuantity(a, picked.name, 5, at(picked.name));
                await fillQuantity(a, phone.name, 0, at(phone.name));
                // A double click sends one request.
                await submit(a, true);
              } else if (a === 'receive') {
                if (!namedTwice) {
                  namedTwice = true;
                  await fillSerials(a, phone.name, `SN-${tag}-dup\nSN-${tag}-dup`, at(phone.name));
                  await submit(a);
                  await expect(panelLine(a, phone.name).getByText(`Serial number SN-${tag}-dup is named twice.`)).toBeVisible();
                  expect(sent, 'refused in the panel, nothing sent').toBe(sentBefore);
                }
                const serials = [`SN-${tag}-${++serial}`, `SN-${tag}-${++serial}`];
                serialsIn.push(...serials);
                await fillSerials(a, phone.name, serials.join('\n'), at(phone.name));
                await submit(a);
              } else if (a === 'return' && to === 'returned') {
                current = await getPurchase(created.id);
                for (const l of current.lines.filter((x) => x.returnable > 0)) {
                  const n = l.product_name;
                  await fillQuantity(a, n, l.returnable, at(n));
                  if (l.tracks_serials) await fillSerials(a, n, serialsIn.splice(0, l.returnable).join('\n'), at(n));
                }
                await submit(a);
              } else if (a === 'return') {
                await fillQuantity(a, picked.name, 1, at(picked.name));
                await submit(a);
              } else if (a === 'pay') {
                await panel(a).getByRole('textbox', { name: 'Amount' }).fill('1.00');
                draft.send({ type: 'draft.payment', field: 'amount', value: '1.00' });
                await submit(a);
              } else {
                if (!noted) {
                  noted = true;
                  await panel(a).getByRole('textbox', { name: 'Note' }).fill('The supplier cannot send the rest.');
                  draft.send({ type: 'draft.note', value: 'The supplier cannot send the rest.' });
                }
                await submit(a);
              }
            }
          } else if (e.type === 'xstate.done.actor.runAction') {
            await actions.release();
            await expect(panel(extra.panel!)).toHaveCount(0);
            draft.send({ type: 'draft.done' });
          } else if (e.type === 'xstate.error.actor.runAction') {
            await actions.lose();
            draft.send({ type: 'draft.failed', errors: {} });
          }
          twin.send(e);
          extra = step.extra;
          const s = twin.getSnapshot();
          const c = s.context;
          if (s.matches('working')) {
            await expect(panel(extra.panel!).getByRole('button', { name: SUBMIT[extra.panel!], exact: true })).toBeDisabled();
            await expect.poll(() => actions.routes.length, { message: 'one request, however many clicks' }).toBe(1);
            expect(sent - sentBefore).toBe(e.type === 'doc.act' || e.type === 'doc.retry' ? 1 : 0);
            // The lost answer's request goes again under the key it had, by Try again or sent again.
            if (e.type === 'doc.retry' || s0.context.failure?.status === 0) expect(actions.keys.at(-1), 'the same request, the same key').toBe(actions.keys.at(-2));
            else expect(actions.keys.slice(0, -1)).not.toContain(actions.keys.at(-1));
            return;
          }
          if (e.type === 'doc.act' || e.type === 'doc.open') expect(sent, 'nothing is sent until the panel is sent').toBe(sentBefore);
          await expect(main.getByLabel('Purchase', { exact: true })).toContainText(purchaseLifecycle.statuses[c.doc.status as PurchaseStatus].label);
          for (const a of ['receive', 'cancel', 'return', 'pay'] as PanelAction[]) {
            if (extra.panel === null && s.can({ type: 'doc.act', action: a })) await expect(button(a)).toBeEnabled();
            else await expect(button(a)).toBeDisabled();
          }
          for (const a of ['receive', 'cancel', 'return', 'pay'] as PanelAction[]) await expect(panel(a)).toHaveCount(extra.panel === a ? 1 : 0);
          expect(draft.getSnapshot().context.panel).toBe(extra.panel);
          if (c.failure) await expect(main.getByText(c.failure.message, { exact: true })).toBeVisible();
          else await expect(main.getByRole('alert').filter({ hasText: /not saved yet|cannot be reached/ })).toHaveCount(0);
          await expect(main.getByRole('button', { name: 'Try again' })).toHaveCount(c.failure?.status === 0 ? 1 : 0);
          if (c.doc.status === 'ordered') expect(await leave.reloadWouldAsk()).toBe(c.unsaved);
        });
        if (step.event.type === 'xstate.done.actor.runAction') {
          current = await getPurchase(created.id);
          if (current.status === 'ordered') {
            editor.stop();
            editor = twinOf(lineEditorMachine, editorCoverage, { kind: purchaseEditor, ...editorInput(current) });
          }
        }
      }
      page.off('request', countSent);
      twin.stop();
      draft.stop();
      editor.stop();
      expect(current.status).toBe(plan === CANCELLED ? 'cancelled' : 'returned');
      console.log(`[edges] lifecycle, ${name}: ${taken.size}/${walk.edges}`);
      expect(taken.size, 'every edge of the lifecycle’s graph, taken by the page').toBe(walk.edges);
      await page.unrouteAll({ behavior: 'wait' });
    });
  }

  for (const coverage of [editorCoverage, lifecycleCoverage, draftCoverage]) {
    const report = coverage.report();
    console.log(report.line);
    expect(report.missingTransitions, report.line).toEqual([]);
    expect(report.missingStates, report.line).toEqual([]);
  }
});

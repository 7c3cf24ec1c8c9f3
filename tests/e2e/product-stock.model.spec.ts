/**
 * Issue 10's machines walked in Chromium: the product form's image uploader and "Generate
 * barcode", and the stock screen's adjustment flow. Each walk comes from the REAL machine's
 * graph (tests/e2e/support/product-stock-models.ts, tests/model/walk.ts) and takes every edge;
 * each step is made to happen the way a person or the server would make it happen (a file
 * chosen in the picker, a button pressed, a held call released to the real server or answered
 * with a refusal), and each state is checked by what the page shows. A twin (a real actor of
 * the machine) replays the walk beside the page: its snapshot is what the page must show, and
 * it measures coverage, which must be complete.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { products as P, units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { barcodeProblem } from '../../domain/stock/barcode.ts';
import { IMAGE_UPLOAD_API } from '../../domain/stock/image.ts';
import { barcodeMachine } from '../../machines/fields/barcode.machine.ts';
import { IMAGE_MESSAGES, imageUploadMachine } from '../../machines/fields/image-upload.machine.ts';
import { stockScreenMachine } from '../../machines/stock/stock-screen.machine.ts';
import { picture } from '../api/support/images.ts';
import { Coverage } from '../model/coverage.ts';
import { FILES, NO_FREE_BARCODE, RENAMED, barcodeWalk, fileOf, imageWalk, stockScreenWalk, twinOf, type FileName } from './support/product-stock-models.ts';
import { asAdmin } from './support/pages.ts';

/** Holds the app's calls to one address (and method) until a step says how the server answers. */
class Held {
  readonly routes: Route[] = [];
  sent = 0;
  constructor(
    readonly page: Page,
    readonly path: string,
    readonly method: string,
  ) {}
  async install(): Promise<void> {
    await this.page.route(
      (url) => url.pathname === this.path,
      (route) => {
        if (route.request().method() !== this.method) return route.fallback();
        this.sent++;
        this.routes.push(route);
      },
    );
  }
  async take(): Promise<Route> {
    await expect.poll(() => this.routes.length, { message: `one ${this.method} ${this.path} on its way` }).toBe(1);
    return this.routes.shift()!;
  }
}

const refusal = (route: Route, answer: { status: number; message: string }) => route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify({ message: answer.message }) });

/** Signed in as the demo admin (its one session), animations off: the admin API for setting up. */
const signIn = async (page: Page, request: import('@playwright/test').APIRequestContext) => (await asAdmin(page, request)).api;

test('the product form: every edge of the image uploader and of "Generate barcode", against the real server', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, request);
  const uploads = new Held(page, IMAGE_UPLOAD_API, 'POST');
  const barcodes = new Held(page, `${P.api}/barcode`, 'GET');
  await uploads.install();
  await barcodes.install();
  const photo = Buffer.from(await picture('png', { width: 120, height: 90, seed: 7 }));
  const bytes: Record<FileName, Buffer> = { photo, pdf: Buffer.from('%PDF-1.4 price list'), huge: Buffer.alloc(FILES.huge.size, 1), empty: Buffer.alloc(0) };

  await page.goto('/admin/product/create');
  const main = page.getByRole('main');
  await expect(main.getByRole('form', { name: 'Create product' })).toBeVisible();

  await test.step('image uploader', async () => {
    const coverage = new Coverage('imageUpload', imageUploadMachine);
    const twin = twinOf(imageUploadMachine, coverage);
    const chooseButton = main.getByRole('button', { name: /^(Choose|Replace) image$/ });
    const remove = main.getByRole('button', { name: 'Remove' });
    const preview = main.getByRole('img', { name: 'Image: preview' });
    let shown: string | null = null; // the preview's address
    for (const [i, step] of imageWalk().steps.entries()) {
      const what = `step ${i}: ${step.event.type}${step.event.file ? ` ${(step.event.file as { name: string }).name}` : ''}`;
      await test.step(what, async () => {
        const before = uploads.sent;
        if (step.event.type === 'image.choose') {
          const file = fileOf(step.event);
          await main.getByLabel('Choose image file').setInputFiles({ name: FILES[file].name, mimeType: FILES[file].type, buffer: bytes[file] });
        } else if (step.event.type === 'image.remove') {
          await remove.click();
          shown = null;
        } else if (step.event.type === 'xstate.done.actor.uploadImage') {
          // The real server checks, re-encodes and stores the file; its thumbnail is the preview.
          await (await uploads.take()).continue();
          await expect(preview).toHaveAttribute('src', /^\/api\/v1\/images\/[0-9a-f]{64}\/thumb$/);
          shown = await preview.getAttribute('src');
        } else {
          await refusal(await uploads.take(), RENAMED);
        }
        twin.send(step.event);
        const s = twin.getSnapshot();
        if (s.matches('uploading')) {
          await expect(main.getByRole('status', { name: `Uploading ${FILES.photo.name}` })).toBeVisible();
          await expect(chooseButton).toBeDisabled();
          await expect(remove).toHaveCount(0);
          expect(uploads.sent, 'one upload for the chosen file').toBe(before + 1);
          return;
        }
        await expect(main.getByRole('status', { name: /^Uploading/ })).toHaveCount(0);
        await expect(chooseButton).toBeEnabled();
        if (s.context.error) await expect(main.getByText(s.context.error, { exact: true })).toBeVisible();
        for (const message of [IMAGE_MESSAGES.type(FILES.pdf), IMAGE_MESSAGES.size(FILES.huge), IMAGE_MESSAGES.empty(FILES.empty), RENAMED.message]) {
          if (message !== s.context.error) await expect(main.getByText(message, { exact: true })).toHaveCount(0);
        }
        // A refused file changes nothing: the image the form held is still its value.
        if (shown) await expect(preview).toHaveAttribute('src', shown);
        else await expect(preview).toHaveCount(0);
        await expect(remove).toHaveCount(shown ? 1 : 0);
        expect(uploads.sent, 'a file refused here is never sent').toBe(before);
      });
    }
    const report = coverage.report();
    console.log(report.line);
    expect(report.missingTransitions, report.line).toEqual([]);
    expect(report.missingStates, report.line).toEqual([]);
  });

  await test.step('"Generate barcode"', async () => {
    const coverage = new Coverage('barcode', barcodeMachine);
    const twin = twinOf(barcodeMachine, coverage);
    const button = main.getByRole('button', { name: 'Generate barcode' });
    const input = main.getByRole('textbox', { name: 'Barcode', exact: true });
    let value = '';
    for (const [i, step] of barcodeWalk().steps.entries()) {
      await test.step(`step ${i}: ${step.event.type}`, async () => {
        if (step.event.type === 'barcode.generate') await button.click();
        else if (step.event.type === 'xstate.done.actor.generateBarcode') {
          await (await barcodes.take()).continue();
          await expect(input).not.toHaveValue(value);
          value = await input.inputValue();
          // A valid in-store EAN-13 (prefix 200-299) that no product uses yet: the server's.
          expect(value).toMatch(/^2\d{12}$/);
          expect(barcodeProblem(value)).toBeUndefined();
        } else await refusal(await barcodes.take(), NO_FREE_BARCODE);
        twin.send(step.event);
        const s = twin.getSnapshot();
        if (s.matches('generating')) {
          await expect(button).toBeDisabled();
          // The button is disabled as the request leaves: it reaches the held route a moment later.
          await expect.poll(() => barcodes.routes.length).toBe(1);
        } else {
          await expect(button).toBeEnabled();
          await expect(main.getByText(NO_FREE_BARCODE.message, { exact: true })).toHaveCount(s.context.error ? 1 : 0);
        }
        // A refusal keeps the barcode the field had.
        await expect(input).toHaveValue(value);
      });
    }
    for (const r of barcodes.routes.splice(0)) await r.continue();
    const report = coverage.report();
    console.log(report.line);
    expect(report.missingTransitions, report.line).toEqual([]);
  });
});

test('the adjustment and count flows: every edge of the stock screen, from the stock page and from a product page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = await signIn(page, request);
  const tag = Date.now().toString(36);
  const unit = (await api.list<{ id: number }>(UN.api, { search: 'Piece' }))[0]!;
  const barcode = await (await request.get(`${P.api}/barcode`, { headers: { Authorization: `Bearer ${api.token}` } })).json();
  const product = await api.create<{ id: number; name: string; barcode: string }>(P.api, {
    name: `Walk kettle ${tag}`,
    sku: `WALK-${tag}`,
    barcode: (barcode as { data: { barcode: string } }).data.barcode,
    unit_id: unit.id,
    sale_price: 2500,
    cost_price: 1200,
  });
  // Opening stock of 3, so a count can find one missing from the very first walk.
  await api.create(ADJUSTMENTS_API, { product_id: product.id, quantity: 3, reason: 'opening', unit_cost: 1200 });
  const main = page.getByRole('main');
  const form = main.getByRole('form', { name: 'Adjust stock' });
  const counting = main.getByRole('form', { name: 'Count stock' });
  const adjustButton = main.getByRole('button', { name: 'Adjust stock' });
  const countButton = main.getByRole('button', { name: 'Count stock' });
  const ledgerRows = main.getByRole('region', { name: 'Movement ledger' }).getByRole('row').filter({ hasText: product.name });
  const coverage = new Coverage('stockScreen', stockScreenMachine);
  let onHand = 3;
  let refusalsShown = false;
  let saves = 0;
  let counts = 0;
  let posts = 0;
  page.on('request', (r) => void (r.method() === 'POST' && new URL(r.url()).pathname === ADJUSTMENTS_API && posts++));

  const pick = async (label: string, typed: string, option: RegExp | string) => {
    const box = form.getByRole('combobox', { name: label, exact: true });
    await box.click();
    if (typed) await box.fill(typed);
    const list = page.getByRole('listbox', { name: label });
    await list.getByRole('option', { name: option }).click();
  };
  const fillAndSave = async (reason: string, quantity: string, chooseProduct: boolean) => {
    if (chooseProduct) await pick('Product', product.name, new RegExp(`^${product.name}`));
    await pick('Reason', '', reason);
    await form.getByRole('textbox', { name: 'Quantity', exact: true }).fill(quantity);
    await form.getByRole('button', { name: 'Save' }).click();
  };

  for (const adjust of [null, String(product.id)]) {
    const twin = twinOf(stockScreenMachine, coverage, { adjust });
    await page.goto(adjust ? `/admin/stock?adjust=${adjust}` : '/admin/stock');
    await expect(main.getByRole('heading', { name: 'Stock levels' })).toBeVisible();
    if (adjust) {
      // From a product's page: the form is open with the product chosen, the reason to fill next.
      await expect(form.getByRole('combobox', { name: 'Product', exact: true })).toHaveValue(new RegExp(`^${product.name}`));
      await expect(form.getByRole('combobox', { name: 'Reason', exact: true })).toBeFocused();
    }
    for (const [i, step] of stockScreenWalk(adjust).steps.entries()) {
      await test.step(`${adjust ? 'from the product page' : 'from the stock page'}, step ${i}: ${step.event.type}`, async () => {
        const productChosen = twin.getSnapshot().context.productId !== null;
        if (step.event.type === 'adjust.open') await adjustButton.click();
        else if (step.event.type === 'adjust.close') await form.getByRole('button', { name: 'Cancel' }).click();
        else if (step.event.type === 'count.open') await countButton.click();
        else if (step.event.type === 'count.close') await counting.getByRole('button', { name: 'Close' }).click();
        else if (step.event.type === 'count.posted') {
          // Scan it, say one is missing from the shelf: the difference posts as a count correction.
          const scan = counting.getByRole('textbox', { name: 'Scan a barcode' });
          await scan.fill(product.barcode);
          await scan.press('Enter');
          const line = counting.getByRole('list', { name: 'Counted products' }).getByRole('listitem', { name: product.name });
          await expect(line).toContainText(`${onHand} on hand`);
          await line.getByRole('textbox', { name: `Counted of ${product.name}` }).fill(String(onHand - 1));
          await expect(line.getByLabel(`Difference of ${product.name}`)).toHaveText('1 missing');
          await counting.getByRole('button', { name: 'Post the count' }).click();
          onHand -= 1;
          counts++;
          await expect(counting).toHaveCount(0);
          await expect(ledgerRows.first()).toContainText('−1');
          await expect(ledgerRows.first().getByRole('cell').nth(4)).toHaveText(String(onHand));
        } else {
          if (!refusalsShown) {
            refusalsShown = true;
            // Nothing typed: said under the fields, nothing sent.
            const sent = posts;
            await form.getByRole('button', { name: 'Save' }).click();
            if (!productChosen) await expect(form.getByText('Choose a product.', { exact: true })).toBeVisible();
            await expect(form.getByText('Enter a quantity.', { exact: true })).toBeVisible();
            expect(posts).toBe(sent);
            // More than there is: the server's 409 names the product and what is available; the form keeps what was typed.
            await fillAndSave('Loss', '-5', !productChosen);
            await expect(page.getByText(`Not enough stock of “${product.name}”: ${onHand} available, 5 needed.`).first()).toBeVisible();
            await expect(form).toBeVisible();
            await expect(form.getByRole('textbox', { name: 'Quantity', exact: true })).toHaveValue('-5');
            await form.getByRole('textbox', { name: 'Quantity', exact: true }).fill('2');
            await pick('Reason', '', 'Found');
            await form.getByRole('button', { name: 'Save' }).click();
          } else await fillAndSave('Found', '2', !productChosen);
          onHand += 2;
          saves++;
          // Saved: the form closes, and the ledger's newest line for the product says what is on hand now.
          await expect(form).toHaveCount(0);
          await expect(ledgerRows.first()).toContainText('+2');
          await expect(ledgerRows.first().getByRole('cell').nth(4)).toHaveText(String(onHand));
        }
        twin.send(step.event);
        const s = twin.getSnapshot();
        await expect(form).toHaveCount(s.matches('adjusting') ? 1 : 0);
        await expect(counting).toHaveCount(s.matches('counting') ? 1 : 0);
        // One panel at a time: while either is open, neither button opens another.
        for (const button of [adjustButton, countButton]) {
          if (s.matches('browsing')) await expect(button).toBeEnabled();
          else await expect(button).toBeDisabled();
        }
      });
    }
    twin.stop();
  }
  await expect(ledgerRows).toHaveCount(1 + saves + counts);
  const report = coverage.report();
  console.log(report.line);
  expect(report.missingTransitions, report.line).toEqual([]);
  expect(report.missingStates, report.line).toEqual([]);
});

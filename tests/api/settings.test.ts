import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, posSetting as POS, websiteSetting as WEB } from '../../domain/resources/index.ts';
import { permissions, rolePermissions, roles, settings } from '../../server/db/schema.ts';
import { client, expectFieldError, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/** The POS and website settings: one record each, edited in place. */

let h: Harness;
let api: Client;

const onlyPermission = async (permission: string) => {
  const name = `Only ${permission}`;
  const [role] = await h.db.insert(roles).values({ name }).returning();
  const [perm] = await h.db.select().from(permissions).where(eq(permissions.name, permission));
  await h.db.insert(rolePermissions).values({ role_id: role!.id, permission_id: perm!.id });
  const email = `${permission.replace(/\W+/g, '-')}@example.com`;
  await h.createUser({ email, roles: [name] });
  return client(h, await h.tokenFor(email));
};

const validPos = { payment_methods: ['cash'], invoice_prefix: 'INV-' };
const validWeb = { shop_name: 'Corner Shop', currency: 'eur' };

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
});
afterAll(() => h?.close());

describe('before anything is saved', () => {
  it('the POS setting is its defaults, blanks as null', async () => {
    const res = await api.get(POS.api);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      default_customer_id: null,
      default_tax_bps: 0,
      payment_methods: ['cash', 'card'],
      receipt_header: null,
      receipt_footer: null,
      show_product_images: true,
      invoice_prefix: 'INV-',
      invoice_yearly_restart: false,
      scale_weight_prefix: '21',
      scale_price_prefix: '23',
    });
  });

  it('the website setting is its defaults, with the shop name still to fill in', async () => {
    const res = await api.get(WEB.api);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ shop_name: '', currency: 'USD', email: null, logo: null, facebook: null });
    expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(WEB.defaults).sort());
  });
});

describe('saving', () => {
  it('saves the POS setting and reads it back', async () => {
    const customer = (await api.create(customers.api, { name: 'Walk-in Customer' })).id;
    const body = {
      default_customer_id: customer,
      default_tax_bps: 825,
      payment_methods: ['card', 'cash', 'card'],
      receipt_header: ' Corner Shop ',
      receipt_footer: '',
      show_product_images: false,
      invoice_prefix: 'POS-2026',
      invoice_yearly_restart: true,
      scale_weight_prefix: '28',
      scale_price_prefix: '',
    };
    const res = await api.put(POS.api, body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('POS setting saved.');
    const expected = { ...body, payment_methods: ['card', 'cash'], receipt_header: 'Corner Shop', receipt_footer: null };
    expect(res.body.data).toEqual(expected);
    expect((await api.get(POS.api)).body.data).toEqual(expected);
  });

  it('saves the website setting, normalising the currency and email', async () => {
    const res = await api.put(WEB.api, { ...validWeb, email: 'Hello@Corner.Example', instagram: 'https://instagram.com/corner' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Web site setting saved.');
    expect(res.body.data).toMatchObject({ shop_name: 'Corner Shop', currency: 'EUR', email: 'hello@corner.example', instagram: 'https://instagram.com/corner', logo: null });
    expect((await api.get(WEB.api)).body.data.currency).toBe('EUR');
  });

  it("every signed-in person reads the shop's currency with their session (GET /me, sign-in), the new one once it is saved; a seller also the POS setting's payment methods", async () => {
    const cashier = await h.tokenFor('cashier@example.com');
    await api.put(WEB.api, { ...validWeb, currency: 'gbp' });
    expect((await h.request('GET', '/me', { token: cashier })).body.shop).toEqual({ name: 'Corner Shop', currency: 'GBP', payment_methods: ['cash', 'card'] });
    expect((await h.request('GET', '/api/user', { token: cashier })).body.shop).toEqual({ name: 'Corner Shop', currency: 'GBP', payment_methods: ['cash', 'card'] });
    const login = await h.request('POST', '/api/v1/admin/login', { body: { email: 'cashier@example.com', password: 'password' } });
    expect(login.body.user.shop).toEqual({ name: 'Corner Shop', currency: 'GBP', payment_methods: ['cash', 'card'] });
    await api.put(WEB.api, validWeb);
    expect((await h.request('GET', '/me', { token: cashier })).body.shop.currency).toBe('EUR');
  });

  it('fills fields added after the last save with their defaults', async () => {
    await h.db.update(settings).set({ value: { shop_name: 'Old Shop', currency: 'GBP' } }).where(eq(settings.key, WEB.key));
    const res = await api.get(WEB.api);
    expect(res.body.data).toMatchObject({ shop_name: 'Old Shop', currency: 'GBP', youtube: null });
    expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(WEB.defaults).sort());
  });
});

describe('refusals', () => {
  it.each([
    [{ ...validPos, default_customer_id: 999999 }, 'default_customer_id', 'This customer no longer exists. Choose another.'],
    [{ ...validPos, payment_methods: [] }, 'payment_methods', 'Enable at least one payment method.'],
    [{ ...validPos, payment_methods: ['cheque'] }, 'payment_methods.0', 'Choose cash, card or other.'],
    [{ ...validPos, invoice_prefix: 'SL 1' }, 'invoice_prefix', 'Use letters, digits and - only.'],
    [{ payment_methods: ['cash'] }, 'invoice_prefix', undefined],
    [{ ...validPos, invoice_prefix: 'SL-' }, 'invoice_prefix', /Other documents are numbered .*SL-/],
    [{ ...validPos, default_tax_bps: 10001 }, 'default_tax_bps', 'The default tax cannot be more than 100%.'],
    [{ ...validPos, theme: 'dark' }, 'theme', 'This field is not allowed.'],
    [{ ...validPos, receipt_header: 'Hi\u0000' }, 'receipt_header', /invisible character/],
  ])('refuses the POS setting %j', async (body, field, text) => {
    expectFieldError(await api.put(POS.api, body), field, text);
  });

  it.each([
    [{ currency: 'USD' }, 'shop_name', undefined],
    [{ ...validWeb, currency: 'dollars' }, 'currency', 'Enter a three-letter currency code like USD.'],
    [{ ...validWeb, logo: 'javascript:alert(1)' }, 'logo', 'Enter an address starting with https://, http:// or /.'],
    [{ ...validWeb, phone: 'call me' }, 'phone', 'Use digits, spaces, +, -, ( and ) only.'],
  ])('refuses the website setting %j', async (body, field, text) => {
    expectFieldError(await api.put(WEB.api, body), field, text);
  });

  it('a refused save changes nothing', async () => {
    const before = (await api.get(POS.api)).body.data;
    await api.put(POS.api, { ...validPos, default_customer_id: 999999 });
    expect((await api.get(POS.api)).body.data).toEqual(before);
  });
});

describe('who may', () => {
  it('each setting needs its own permission', async () => {
    const pos = await onlyPermission('pos setting');
    const web = await onlyPermission('website setting');
    expect((await pos.get(POS.api)).status).toBe(200);
    expect((await pos.put(POS.api, validPos)).status).toBe(200);
    expect((await pos.get(WEB.api)).status).toBe(403);
    expect((await web.put(WEB.api, validWeb)).status).toBe(200);
    expect((await web.put(POS.api, validPos)).status).toBe(403);
    // The POS setting's customer picker reads customer options without the customer list.
    expect((await pos.get(`${customers.api}/options`)).status).toBe(200);
    expect((await pos.get(customers.api)).status).toBe(403);
  });

  it('a cashier may not read or change either', async () => {
    const cashier = client(h, await h.tokenFor('cashier@example.com'));
    for (const def of [POS, WEB]) {
      expect((await cashier.get(def.api)).status).toBe(403);
      expect((await cashier.put(def.api, {})).status).toBe(403);
    }
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lineSerialsPath } from '../../domain/documents/lines.ts';
import { SALES_API } from '../../domain/documents/sale.ts';
import { posSetting } from '../../domain/resources/index.ts';
import { permissions, rolePermissions, roles } from '../../server/db/schema.ts';
import { client, expectFieldError } from './crud-helpers.ts';
import { saleFixture, stockedProduct } from './sale-fixture.ts';

/**
 * What a person who sells needs beside the sale itself: the payment methods the shop takes (the
 * POS setting's, on their session: a cashier cannot read the setting), a later payment refused
 * by any other, and a serial-tracked product's serials in stock to pick a line's from.
 */

const f = saleFixture('Sally Seller');

const made = new Map<string, ReturnType<typeof client>>();
/** A signed-in client whose one role holds exactly `held` (made once per set). */
async function holding(...held: string[]) {
  const known = made.get(held.join());
  if (known) return known;
  const name = `Only ${held.join(' and ')}`;
  const [role] = await f.h.db.insert(roles).values({ name }).returning();
  for (const p of held) {
    const [perm] = await f.h.db.select().from(permissions).where(eq(permissions.name, p));
    await f.h.db.insert(rolePermissions).values({ role_id: role!.id, permission_id: perm!.id });
  }
  const email = `${held.join('-').replace(/\W+/g, '-')}@example.com`;
  await f.h.createUser({ email, roles: [name] });
  const c = client(f.h, await f.h.tokenFor(email));
  made.set(held.join(), c);
  return c;
}

async function withPos<T>(change: Record<string, unknown>, run: () => Promise<T>): Promise<T> {
  const pos = (await f.api.get(posSetting.api)).body.data;
  const saved = await f.api.put(posSetting.api, { ...pos, ...change });
  expect(saved.status, saved.text).toBe(200);
  try {
    return await run();
  } finally {
    await f.api.put(posSetting.api, pos);
  }
}

describe('the payment methods a seller is offered', () => {
  it('ride on a seller’s session (GET /me and the sign-in), as the POS setting enables them; not on someone who does not sell', async () => {
    const cashier = client(f.h, await f.h.tokenFor('cashier@example.com'));
    expect((await cashier.get('/me')).body.shop.payment_methods).toEqual(['cash', 'card']);
    expect((await cashier.get(posSetting.api)).status).toBe(403);
    await withPos({ payment_methods: ['card', 'other'] }, async () => {
      expect((await cashier.get('/me')).body.shop.payment_methods).toEqual(['card', 'other']);
      const login = await f.h.request('POST', '/api/v1/admin/login', { body: { email: 'cashier@example.com', password: 'password' } });
      expect(login.body.user.shop.payment_methods).toEqual(['card', 'other']);
      const till = await holding('pos');
      expect((await till.get('/me')).body.shop.payment_methods).toEqual(['card', 'other']);
      const looker = await holding('product list');
      const me = (await looker.get('/me')).body;
      expect(me.shop.currency).toBeTruthy();
      expect(me.shop).not.toHaveProperty('payment_methods');
    });
  });

  it('a later payment of a sale by a method the shop does not take is a 422 under `method`, and nothing is paid', async () => {
    const a = await stockedProduct(f, 3);
    const made = await f.api.post(SALES_API, { sold_on: '2025-04-01', lines: [{ product_id: a.id, quantity: 1 }] });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id;
    const pay = (method: string) => f.api.post(`${SALES_API}/${id}/payments`, { paid_on: '2025-04-02', amount: 500, method });
    expectFieldError(await pay('bank'), 'method', /does not take bank payments \(the POS setting takes cash, card\)/);
    await withPos({ payment_methods: ['card'] }, async () => expectFieldError(await pay('cash'), 'method', /does not take cash/));
    expect((await f.api.get(`${SALES_API}/${id}`)).body.data.paid).toBe(0);
    const paid = await pay('cash');
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.data.paid).toBe(500);
  });
});

describe('a product’s serials in stock, for a selling line', () => {
  it('lists what the ledger has in stock (not the sold ones), narrowed by a search with an exact serial first; to sellers only', async () => {
    const p = await stockedProduct(f, 0, { tracks_serials: true });
    const came = await f.api.post('/api/v1/admin/stock/adjustments', { product_id: p.id, quantity: 4, reason: 'opening', unit_cost: 900, serials: ['SN-10', 'SN-1', 'SN-100', 'XY-7'] });
    expect(came.status, came.text).toBe(201);
    const sold = await f.api.post(SALES_API, { sold_on: '2025-04-01', lines: [{ product_id: p.id, quantity: 1, serials: ['XY-7'] }] });
    expect(sold.status, sold.text).toBe(201);

    const cashier = client(f.h, await f.h.tokenFor('cashier@example.com'));
    const all = await cashier.get(lineSerialsPath(p.id));
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.map((s: { serial: string }) => s.serial)).toEqual(['SN-1', 'SN-10', 'SN-100']);
    const found = await cashier.get(lineSerialsPath(p.id), { search: 'sn-10' });
    expect(found.body.data).toEqual([
      { serial: 'SN-10', exact: true },
      { serial: 'SN-100', exact: false },
    ]);
    expect((await cashier.get(lineSerialsPath(p.id), { search: 'XY-7' })).body.data).toEqual([]);
    expect((await cashier.get(lineSerialsPath(999999))).status).toBe(404);
    expect((await (await holding('product list')).get(lineSerialsPath(p.id))).status).toBe(403);
  });

  it('a serial that is not in stock is refused under its line, in the ledger’s words', async () => {
    const p = await stockedProduct(f, 0, { tracks_serials: true });
    await f.api.post('/api/v1/admin/stock/adjustments', { product_id: p.id, quantity: 1, reason: 'opening', unit_cost: 900, serials: ['ONLY-1'] });
    const res = await f.api.post(SALES_API, { sold_on: '2025-04-01', lines: [{ product_id: p.id, quantity: 1, serials: ['NOPE-9'] }] });
    expect(res.status, res.text).toBe(409);
    expect(res.body.errors['lines.0.serials']).toEqual([expect.stringMatching(/Serial number NOPE-9 \(not known\) of “Ware \d+” is not in stock\./)]);
  });
});

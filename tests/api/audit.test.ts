import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_API, type AuditEvent, type AuditKind } from '../../domain/audit.ts';
import { SALES_API } from '../../domain/documents/sale.ts';
import { REGISTER_API } from '../../domain/pos/till.ts';
import { posSetting as POS, products as P, roles as R, units as UN, users as U } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { recordAudit } from '../../server/audit/record.ts';
import { auditEvents, permissions } from '../../server/db/schema.ts';
import { apiRoutes } from '../../server/app.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * The audit trail (issue 36): each kind of change is told, in the change's own transaction (a
 * refused change tells nothing), with who, from where and what changed; the database refuses to
 * change or remove an event; the list filters by person, kind and day; only `audit list` reads it.
 */

let h: Harness;
let admin: Client;
let cashier: Client;
let adminId: number;
let cashierId: number;

beforeAll(async () => {
  h = await createHarness();
  admin = client(h, await h.tokenFor('admin@example.com'));
  cashier = client(h, await h.tokenFor('cashier@example.com'));
  adminId = (await admin.get('/me')).body.id;
  cashierId = (await cashier.get('/me')).body.id;
});
afterAll(() => h?.close());

/** The events of a kind (newest first), optionally more filters. */
async function events(kind: AuditKind, query: Record<string, string | number> = {}): Promise<AuditEvent[]> {
  const res = await admin.get(AUDIT_API, { kind, per_page: 100, ...query });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}
const count = async (kind: AuditKind) => (await events(kind)).length;
const signIn = (email: string, password: string) => h.request('POST', '/api/v1/admin/login', { body: { email, password }, address: '203.0.113.7' });

describe('what is told', () => {
  it('tells a sign-in with who and from where, and a failed one with the email tried and no actor', async () => {
    expect((await signIn('admin@example.com', 'password')).body.Status).toBe('success');
    const [ok] = await events('sign_in');
    expect(ok).toMatchObject({ actor_id: adminId, actor_name: 'Admin', actor_email: 'admin@example.com', subject_label: 'admin@example.com', summary: 'Admin signed in.', address: '203.0.113.7' });

    expect((await signIn('nobody@example.com', 'guess')).status).toBe(422);
    const [failed] = await events('sign_in_failed');
    expect(failed).toMatchObject({ actor_id: null, actor_name: null, subject_id: null, subject_label: 'nobody@example.com', address: '203.0.113.7' });
    expect(failed!.summary).toBe('Sign-in as nobody@example.com failed: wrong email or password.');
  });

  it('tells a user made, edited (a password only as changed) and deleted, and keeps the name of someone deleted on what they did', async () => {
    const roleId = (await admin.rows(R.api)).find((r) => r.name === 'Cashier')!.id;
    const made = await admin.create(U.api, { name: 'Olga Till', email: 'olga@example.com', password: 'Violet-Harbour-Kettle-93', status: 'active', role_ids: [roleId] });
    const [created] = await events('user_created');
    expect(created).toMatchObject({ actor_id: adminId, subject_type: 'user', subject_id: made.id, subject_label: 'Olga Till', summary: 'User “Olga Till” created.' });
    expect(created!.changes).toMatchObject({ email: { before: null, after: 'olga@example.com' }, role_names: { added: ['Cashier'], removed: [] }, password: 'set' });

    expect((await signIn('olga@example.com', 'Violet-Harbour-Kettle-93')).status).toBe(200);
    await admin.update(U.api, made.id, { name: 'Olga Tillman', email: 'olga@example.com', password: 'Amber-Lantern-Ferry-41', status: 'active', role_ids: [roleId] });
    const [edited] = await events('user_updated');
    expect(edited!.changes).toEqual({ name: { before: 'Olga Till', after: 'Olga Tillman' }, password: 'changed' });
    expect(JSON.stringify(await events('user_updated'))).not.toMatch(/argon2|password_hash/);

    // Saving it again as it is changes nothing, and tells nothing.
    const before = await count('user_updated');
    await admin.update(U.api, made.id, { name: 'Olga Tillman', email: 'olga@example.com', status: 'active', role_ids: [roleId] });
    expect(await count('user_updated')).toBe(before);

    expect((await admin.del(`${U.api}/${made.id}`)).status).toBe(200);
    const [deleted] = await events('user_deleted');
    expect(deleted).toMatchObject({ subject_id: made.id, summary: 'User “Olga Tillman” deleted.' });
    // No foreign key stopped the delete, and her sign-in still says who she was.
    const hers = await events('sign_in', { actor_id: made.id });
    expect(hers.map((e) => [e.actor_name, e.actor_email])).toEqual([['Olga Till', 'olga@example.com']]);
  });

  it('tells a role’s permissions given and taken by name', async () => {
    const ids = new Map((await h.db.select({ id: permissions.id, name: permissions.name }).from(permissions)).map((p) => [p.name, p.id]));
    const role = await admin.create(R.api, { name: 'Auditor', permission_ids: [ids.get('dashboard'), ids.get('brand list')] });
    await admin.update(R.api, role.id, { name: 'Auditor', permission_ids: [ids.get('dashboard'), ids.get('audit list')] });
    const [changed] = await events('role_updated');
    expect(changed).toMatchObject({ subject_id: role.id, subject_label: 'Auditor', summary: 'Role “Auditor” changed.' });
    expect(changed!.changes).toMatchObject({ permissions: { added: ['audit list'], removed: ['brand list'] } });
  });

  it('tells a setting saved with each field before and after; a save that changes nothing tells nothing', async () => {
    const current = (await admin.get(POS.api)).body.data;
    const save = (body: Record<string, unknown>) => admin.put(POS.api, body);
    expect((await save({ ...current, receipt_footer: 'Thank you!', default_tax_bps: 1_000 })).status).toBe(200);
    const [saved] = await events('setting_changed');
    expect(saved).toMatchObject({ subject_type: 'setting', subject_label: POS.label, actor_id: adminId });
    expect(saved!.changes).toEqual({ receipt_footer: { before: null, after: 'Thank you!' }, default_tax_bps: { before: 0, after: 1_000 } });
    const n = await count('setting_changed');
    expect((await save({ ...current, receipt_footer: 'Thank you!', default_tax_bps: 1_000 })).status).toBe(200);
    expect(await count('setting_changed')).toBe(n);
    expect((await save({ ...current, default_tax_bps: 0 })).status).toBe(200);
  });

  it('tells a till session opened, a sale posted in it by its reference, and the session closed with each method’s difference', async () => {
    const unit = await admin.create(UN.api, { name: 'Piece', short_name: 'pcs' });
    const ware = await admin.create(P.api, { name: 'Audit kettle', sku: 'AUD-1', unit_id: unit.id, sale_price: 2500, cost_price: 1000 });
    expect((await admin.post(ADJUSTMENTS_API, { product_id: ware.id, quantity: 5, reason: 'opening', unit_cost: 700 })).status).toBe(201);

    const s = (await cashier.post(REGISTER_API, { opening_float: 10_000 })).body.data;
    const [opened] = await events('register_opened');
    expect(opened).toMatchObject({ actor_id: cashierId, actor_name: 'Cashier', subject_type: 'register_session', subject_id: s.id, subject_label: s.reference, summary: `New register session ${s.reference} (open).` });
    expect(opened!.changes).toMatchObject({ opening_float: 10_000 });

    const sale = await cashier.post(SALES_API, { sold_on: '2025-06-01', channel: 'pos', register_session_id: s.id, lines: [{ product_id: ware.id, quantity: 2 }], payments: [{ method: 'cash', amount: 5_000 }] });
    expect(sale.status, sale.text).toBe(201);
    const posted = (await events('document_transition', { actor_id: cashierId })).find((e) => e.subject_id === sale.body.data.id && e.subject_type === 'sale');
    expect(posted).toMatchObject({ subject_label: sale.body.data.reference, summary: `New sale ${sale.body.data.reference} (completed).` });

    // A close refused (card not counted) rolls back and tells nothing.
    const refused = await cashier.post(`${REGISTER_API}/${s.id}/close`, { counted: [{ method: 'cash', amount: 14_900 }] });
    expect(refused.status).toBe(422);
    expect(await count('register_closed')).toBe(0);

    const closed = await cashier.post(`${REGISTER_API}/${s.id}/close`, { counted: [{ method: 'cash', amount: 14_900 }, { method: 'card', amount: 0 }] });
    expect(closed.status, closed.text).toBe(200);
    const [told] = await events('register_closed');
    expect(told).toMatchObject({ subject_label: s.reference, summary: `Register session ${s.reference} closed (open → closed).` });
    expect(told!.changes).toMatchObject({
      from: 'open',
      to: 'closed',
      difference: -100,
      closing: [
        { method: 'cash', expected: 15_000, counted: 14_900, difference: -100 },
        { method: 'card', expected: 0, counted: 0, difference: 0 },
      ],
    });
  });

  it('tells a password change, in the change’s transaction: a wrong current password changes nothing and tells nothing', async () => {
    await h.createUser({ email: 'pat@example.com', name: 'Pat', roles: ['Cashier'] });
    const token = await h.tokenFor('pat@example.com');
    const wrong = await h.request('PATCH', '/api/password', { token, body: { current_password: 'nope', password: 'Copper-Meadow-Violin-58', password_confirmation: 'Copper-Meadow-Violin-58' } });
    expect(wrong.status).toBe(422);
    expect(await count('password_changed')).toBe(0);
    const ok = await h.request('PATCH', '/api/password', { token, body: { current_password: 'password', password: 'Copper-Meadow-Violin-58', password_confirmation: 'Copper-Meadow-Violin-58' } });
    expect(ok.status, ok.text).toBe(200);
    const [changed] = await events('password_changed');
    expect(changed).toMatchObject({ actor_name: 'Pat', subject_label: 'pat@example.com' });
  });
});

describe('the trail itself', () => {
  it('is written in the caller’s transaction: one that rolls back leaves no event', async () => {
    const before = await count('setting_changed');
    await expect(
      h.db.transaction(async (tx) => {
        await recordAudit(tx, { kind: 'setting_changed', actor: { userId: adminId }, summary: 'Never happened.' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count('setting_changed')).toBe(before);
  });

  it('cannot be changed, deleted or truncated: the database refuses', async () => {
    const [one] = await h.db.select({ id: auditEvents.id }).from(auditEvents).limit(1);
    await expect(h.db.update(auditEvents).set({ summary: 'Nothing to see.' }).where(eq(auditEvents.id, one!.id))).rejects.toThrow();
    await expect(h.db.delete(auditEvents).where(eq(auditEvents.id, one!.id))).rejects.toThrow();
    await expect(h.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect((await h.db.select({ summary: auditEvents.summary }).from(auditEvents).where(eq(auditEvents.id, one!.id)))[0]!.summary).not.toBe('Nothing to see.');
  });

  it('lists newest first, by person, kind and day', async () => {
    const all = (await admin.get(AUDIT_API, { per_page: 100 })).body;
    expect(all.meta.total).toBeGreaterThan(5);
    const times = all.data.map((e: AuditEvent) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const cashiers = await events('document_transition', { actor_id: cashierId });
    expect(cashiers.length).toBeGreaterThan(0);
    expect(cashiers.every((e) => e.actor_id === cashierId && e.kind === 'document_transition')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await admin.get(AUDIT_API, { created_at_from: yesterday, created_at_to: tomorrow })).body.meta.total).toBe(all.meta.total);
    expect((await admin.get(AUDIT_API, { created_at_from: tomorrow })).body.meta.total).toBe(0);
    expect((await admin.get(AUDIT_API, { created_at_to: yesterday })).body.meta.total).toBe(0);
    expect((await admin.get(AUDIT_API, { created_at_from: today, search: 'Auditor' })).body.data.map((e: AuditEvent) => e.kind)).toEqual(['role_updated', 'role_created']);
    const bad = await admin.get(AUDIT_API, { kind: 'tea_break' });
    expect(bad.status).toBe(422);
  });

  it('is read only by who holds `audit list`, and nothing writes it through the API', async () => {
    expect((await cashier.get(AUDIT_API)).status).toBe(403);
    expect((await cashier.get(`${AUDIT_API}/export`)).status).toBe(403);
    const csv = await admin.get(`${AUDIT_API}/export`, { kind: 'role_updated' });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Role changed');
    expect(csv.text).toContain('permissions: + audit list, − brand list');
    expect(apiRoutes.filter((r) => r.path.startsWith(AUDIT_API)).map((r) => r.method)).toEqual(['GET', 'GET']);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect((await h.request(method, `${AUDIT_API}/1`, { token: await h.tokenFor('admin@example.com'), body: {} })).status).toBeGreaterThanOrEqual(404);
  });
});

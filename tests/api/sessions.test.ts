/**
 * The profile's security: the current password's wrong attempts throttled per account, and a
 * person's own signed-in sessions listed (device, when, from where) and signed out, one or all
 * others; never another person's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_API, type AuditEvent } from '../../domain/audit.ts';
import { deviceName, type SignedInSession } from '../../domain/sessions.ts';
import { PASSWORD_MAX_FAILURES, PASSWORD_WINDOW_MS } from '../../server/auth/throttle.ts';
import { createHarness, type Harness } from './harness.ts';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.createUser({ email: 'kim@example.com', name: 'Kim', roles: ['Cashier'] });
  await h.createUser({ email: 'lee@example.com', name: 'Lee', roles: ['Cashier'] });
  await h.createUser({ email: 'max@example.com', name: 'Max', roles: ['Cashier'] });
});
afterAll(() => h?.close());

const signIn = async (email: string, userAgent: string, address: string) => {
  const res = await h.request('POST', '/api/v1/admin/login', { body: { email, password: 'password' }, headers: { 'user-agent': userAgent }, address });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
};
const sessions = async (token: string) => {
  const res = await h.request<{ data: SignedInSession[] }>('GET', '/api/sessions', { token });
  expect(res.status).toBe(200);
  return res.body.data;
};
/** The audit trail's newest "other sessions signed out" event, read as the Super Admin. */
const lastSessionsEnded = async () => {
  const res = await h.request<{ data: AuditEvent[] }>('GET', `${AUDIT_API}?kind=sessions_ended&per_page=10`, { token: await h.tokenFor('admin@example.com') });
  expect(res.status).toBe(200);
  return res.body.data[0];
};
const changePassword = (token: string, current: string, next = 'a-new-long-secret-7') =>
  h.request('PATCH', '/api/password', { token, body: { current_password: current, password: next, password_confirmation: next } });

describe('deviceName', () => {
  it.each([
    [CHROME_LINUX, 'Chrome on Linux'],
    [SAFARI_IPHONE, 'Safari on iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
  ])('names %s as %s', (ua, name) => expect(deviceName(ua)).toBe(name));
});

describe('PATCH /api/password throttles wrong current passwords per account', () => {
  it(`answers 429 after ${PASSWORD_MAX_FAILURES} wrong, saying when; a right one after the window resets the count`, async () => {
    const token = await h.tokenFor('kim@example.com');
    for (let i = 0; i < PASSWORD_MAX_FAILURES; i++) {
      const res = await changePassword(token, `wrong-${i}`);
      expect(res.status).toBe(422);
      expect(res.body.errors.current_password).toEqual(['The current password is incorrect.']);
    }
    // Even the right password is refused now: the limit is the account's, not the guess's.
    const refused = await changePassword(token, 'password');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many wrong passwords. Try again in 15 minutes.');
    expect(refused.headers.get('retry-after')).toBe(String(PASSWORD_WINDOW_MS / 1000));
    // From another session of the same person too.
    expect((await changePassword(await h.tokenFor('kim@example.com'), 'password')).status).toBe(429);
    // Another person is not touched.
    expect((await changePassword(await h.tokenFor('max@example.com'), 'wrong')).status).toBe(422);

    h.clock.advance(PASSWORD_WINDOW_MS + 1000);
    expect((await changePassword(token, 'password')).status).toBe(200);
    // The success cleared the count: as many wrong ones again before a refusal.
    for (let i = 0; i < PASSWORD_MAX_FAILURES; i++) expect((await changePassword(token, `again-${i}`)).status).toBe(422);
    const again = await changePassword(token, 'a-new-long-secret-7');
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes?\.$/);
  });

  it('a bad new password costs no attempt: it is refused before the current one is checked', async () => {
    const token = await h.tokenFor('max@example.com');
    for (let i = 0; i < PASSWORD_MAX_FAILURES + 2; i++) {
      const res = await changePassword(token, 'wrong', 'short');
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['password']);
    }
  });
});

describe('/api/sessions', () => {
  it('lists only my live sessions, this one first and marked, with device, times and address', async () => {
    h.clock.advance(60_000);
    const laptop = await signIn('lee@example.com', CHROME_LINUX, '198.51.100.7');
    h.clock.advance(120_000);
    const phone = await signIn('lee@example.com', SAFARI_IPHONE, '2001:db8::5');
    await signIn('max@example.com', CHROME_LINUX, '203.0.113.1');

    const fromLaptop = await sessions(laptop);
    expect(fromLaptop.map((s) => [s.device, s.address, s.current])).toEqual([
      ['Chrome on Linux', '198.51.100.7', true],
      ['Safari on iOS', '2001:db8::5', false],
    ]);
    const [here] = fromLaptop;
    expect(Date.parse(here!.signed_in_at)).toBe(h.clock.now.getTime() - 120_000);
    expect(Date.parse(here!.last_active_at)).toBeGreaterThanOrEqual(Date.parse(here!.signed_in_at));
    expect((await sessions(phone)).map((s) => [s.device, s.current])).toEqual([
      ['Safari on iOS', true],
      ['Chrome on Linux', false],
    ]);
  });

  it('signs out one other session: its next request is 401, mine goes on', async () => {
    const mine = await signIn('lee@example.com', CHROME_LINUX, '198.51.100.9');
    const other = await signIn('lee@example.com', SAFARI_IPHONE, '198.51.100.10');
    const otherId = (await sessions(mine)).find((s) => s.address === '198.51.100.10')!.id;
    const res = await h.request('DELETE', `/api/sessions/${otherId}`, { token: mine });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('That session is signed out.');
    expect((await h.request('GET', '/me', { token: other })).status).toBe(401);
    expect((await h.request('GET', '/me', { token: mine })).status).toBe(200);
    expect((await sessions(mine)).some((s) => s.id === otherId)).toBe(false);
    // The audit trail tells who ended which session, in the same transaction.
    expect(await lastSessionsEnded()).toMatchObject({
      actor_email: 'lee@example.com',
      summary: 'Lee signed out another session: 1 session ended.',
      changes: { sessions: { added: [], removed: ['Safari on iOS from 198.51.100.10'] } },
    });
    // Gone: a second time is 404.
    expect((await h.request('DELETE', `/api/sessions/${otherId}`, { token: mine })).status).toBe(404);
  });

  it("cannot sign out another person's session (404, and it stays signed in), nor this one by id", async () => {
    const lee = await signIn('lee@example.com', CHROME_LINUX, '198.51.100.11');
    const max = await signIn('max@example.com', CHROME_LINUX, '198.51.100.12');
    const maxsId = (await sessions(max)).find((s) => s.current)!.id;
    const res = await h.request('DELETE', `/api/sessions/${maxsId}`, { token: lee });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('That session was not found: it may have ended already.');
    expect((await h.request('GET', '/me', { token: max })).status).toBe(200);
    expect((await h.request('DELETE', '/api/sessions/nope', { token: lee })).status).toBe(404);

    const leesId = (await sessions(lee)).find((s) => s.current)!.id;
    const self = await h.request('DELETE', `/api/sessions/${leesId}`, { token: lee });
    expect(self.status).toBe(409);
    expect((await h.request('GET', '/me', { token: lee })).status).toBe(200);
  });

  it('signs out everywhere else: all my other sessions 401, mine and other people’s go on', async () => {
    const mine = await signIn('lee@example.com', CHROME_LINUX, '198.51.100.20');
    const others = [await signIn('lee@example.com', SAFARI_IPHONE, '198.51.100.21'), await h.tokenFor('lee@example.com')];
    const max = await signIn('max@example.com', CHROME_LINUX, '198.51.100.22');
    const before = (await sessions(mine)).length;
    expect(before).toBeGreaterThanOrEqual(3);

    const res = await h.request('DELETE', '/api/sessions/others', { token: mine });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ended: before - 1, message: `Signed out of ${before - 1} other sessions.` });
    for (const t of others) expect((await h.request('GET', '/me', { token: t })).status).toBe(401);
    expect((await sessions(mine)).map((s) => s.current)).toEqual([true]);
    expect((await h.request('GET', '/me', { token: max })).status).toBe(200);

    const told = await lastSessionsEnded();
    expect(told).toMatchObject({ actor_email: 'lee@example.com', summary: `Lee signed out everywhere else: ${before - 1} sessions ended.` });
    const none = await h.request('DELETE', '/api/sessions/others', { token: mine });
    expect(none.body).toMatchObject({ ended: 0, message: 'No other session was signed in.' });
    // Nothing ended, nothing to tell.
    expect((await lastSessionsEnded())?.id).toBe(told?.id);
  });

  it('asks to be signed in', async () => {
    expect((await h.request('GET', '/api/sessions')).status).toBe(401);
    expect((await h.request('DELETE', '/api/sessions/others')).status).toBe(401);
  });
});

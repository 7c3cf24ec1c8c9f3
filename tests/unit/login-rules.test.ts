/**
 * The browser checks the sign-in form and the session it is given without zod
 * (domain/auth.ts); the server validates with zod (domain/auth-schemas.ts). Both read the same
 * limits, pattern and messages; these properties hold them to the same answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSessionUser, loginProblems, LOGIN_LIMITS } from '../../domain/auth.ts';
import { loginBody, sessionUser } from '../../domain/auth-schemas.ts';

/** What the server's schema says of two strings: the first message per field, as the form shows it. */
function zodProblems(body: { email: string; password: string }) {
  const parsed = loginBody.safeParse(body);
  const out: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const localPart = fc.stringMatching(/^[A-Za-z0-9_'+.-]{0,12}$/);
const domain = fc.stringMatching(/^([A-Za-z0-9-]{0,8}\.){0,3}[A-Za-z]{0,4}$/);
const email = fc.oneof(
  fc.string(),
  fc.tuple(localPart, domain).map(([l, d]) => `${l}@${d}`),
  fc.tuple(localPart, fc.integer({ min: 0, max: 300 })).map(([l, n]) => `${l}${'a'.repeat(n)}@example.com`),
  fc.constantFrom('admin@example.com', 'a@b.co', '.a@b.co', 'a..b@c.de', 'a@b', 'a@-b.co', ' admin@example.com', 'ADMIN@EXAMPLE.COM'),
);
const password = fc.oneof(fc.string(), fc.constant(''), fc.integer({ min: 1000, max: 1100 }).map((n) => 'p'.repeat(n)));

describe('sign-in form: the browser and the server agree', () => {
  it('on every pair of strings: valid or not, and the first message of each field', () => {
    fc.assert(
      fc.property(email, password, (e, p) => {
        expect(loginProblems({ email: e, password: p })).toEqual(zodProblems({ email: e, password: p }));
      }),
      { numRuns: 3000 },
    );
  });

  it('at the limits', () => {
    const at = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
    for (const e of [at(LOGIN_LIMITS.email), at(LOGIN_LIMITS.email + 1)]) {
      for (const p of ['', 'x', 'x'.repeat(LOGIN_LIMITS.password), 'x'.repeat(LOGIN_LIMITS.password + 1)]) {
        expect(loginProblems({ email: e, password: p })).toEqual(zodProblems({ email: e, password: p }));
      }
    }
    expect(loginProblems({ email: at(LOGIN_LIMITS.email + 1), password: '' })).toEqual({
      email: 'Use at most 255 characters.',
      password: 'Enter your password.',
    });
  });
});

describe('the session user the browser trusts', () => {
  const named = fc.record({ id: fc.integer(), name: fc.string() });
  const user = fc.record({
    id: fc.integer(),
    name: fc.string(),
    email: fc.string(),
    phone: fc.option(fc.string(), { nil: null }),
    status: fc.constantFrom('active', 'inactive'),
    roles: fc.array(fc.record({ id: fc.integer(), name: fc.string(), permissions: fc.array(named) })),
  });

  it('is every record the schema accepts', () => {
    fc.assert(
      fc.property(user, (u) => {
        expect(isSessionUser(u)).toBe(sessionUser.safeParse(u).success);
      }),
    );
  });

  it('is nothing the schema refuses', () => {
    const broken = fc.oneof(
      fc.anything(),
      user.chain((u) => fc.constantFrom<unknown>({ ...u, roles: null }, { ...u, status: 'gone' }, { ...u, id: String(u.id) }, { ...u, phone: 1 })),
      user.map((u) => ({ ...u, roles: [{ id: 1, name: 'R', permissions: [{ id: '1', name: 'p' }] }] })),
    );
    fc.assert(
      fc.property(broken, (v) => {
        expect(isSessionUser(v)).toBe(sessionUser.safeParse(v).success);
      }),
    );
  });
});

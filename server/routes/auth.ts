import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AUTH_MESSAGES, PAGE_SESSION_COOKIE, type LoginResponse, type SessionUser } from '../../domain/auth.ts';
import { loginBody, passwordBody, profileBody } from '../../domain/auth-schemas.ts';
import { dummyHash, hashGate, hashPassword, needsRehash, verifyPassword, verifySignIn } from '../auth/password.ts';
import { passwordProblem } from '../auth/password-rule.ts';
import { HashGateBusy } from '../auth/hash-gate.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, deviceCookie, deviceLimitKey, knownDevice } from '../auth/device.ts';
import { findUserByEmail, loadSessionUser } from '../auth/session.ts';
import { shopInfo } from '../auth/shop.ts';
import {
  accountLimitKey,
  addressLimitKey,
  clearFailures,
  clearLimit,
  lockedFor,
  PASSWORD_MAX_FAILURES,
  PASSWORD_WINDOW_MS,
  passwordLimitKey,
  recordFailure,
  releaseAttempt,
  reserveAttempt,
  waitInWords,
} from '../auth/throttle.ts';
import { issueToken } from '../auth/tokens.ts';
import { isUniqueViolation } from '../crud/db-errors.ts';
import { accessTokens, users } from '../db/schema.ts';
import type { Db } from '../db/index.ts';
import { DEMO_PASSWORD } from '../seed.ts';
import { clientAddress, secureCookies } from '../http/client.ts';
import { route, type AppContext, type RouteDef, type RouteInput } from '../http/context.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { ready } from '../http/ready.ts';
import { changesBetween, recordAudit } from '../audit/record.ts';

function tooMany(seconds: number): ApiError {
  return new ApiError(429, `Too many sign-in attempts. Try again in ${seconds} seconds.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

const busy = () => new ApiError(503, 'The server is busy checking sign-ins. Try again in a moment.', { headers: { 'Retry-After': '1' } });

async function login(c: AppContext, input: RouteInput<typeof loginBody, z.ZodNever>): Promise<Response> {
  const { db, config, now } = c.var;
  const body = await input.body();
  const email = body.email.toLowerCase();
  const address = clientAddress(c);
  // A flood fills the gate's queue: refuse before any database work, so refusing stays cheap.
  if (hashGate.full) throw busy();
  // A browser this account signed in from before is judged on its own record (device.ts): it
  // is locked by its own failures only, never by what strangers did to the account or from its
  // address. The account is looked up first only then; otherwise as before, after the limits.
  const cookie = getCookie(c, DEVICE_COOKIE);
  let user = cookie ? await findUserByEmail(db, email) : undefined;
  const device = knownDevice(cookie, user);
  const key = device ? `${email}|${deviceLimitKey(device)}` : `${email}|${address}`;

  const wait = await lockedFor(db, key, now());
  if (wait > 0) throw tooMany(wait);

  // The attempt is counted for the account and the address before the password is checked, so
  // concurrent attempts cannot pass a limit together; a success gives both back.
  const at = now();
  const limits: string[] = [];
  const giveBack = () => Promise.all(limits.map((k) => releaseAttempt(db, k, at)));
  const limitsToTake: (readonly [string, number])[] = device
    ? [[deviceLimitKey(device), config.loginDeviceMaxFailures]]
    : [
        [accountLimitKey(email), config.loginAccountMaxFailures],
        [addressLimitKey(address), config.loginAddressMaxFailures],
      ];
  for (const [limitKey, max] of limitsToTake) {
    const taken = await reserveAttempt(db, limitKey, at, max);
    if (!taken.ok) {
      await giveBack();
      throw tooMany(taken.retryAfter);
    }
    limits.push(limitKey);
  }

  user ??= await findUserByEmail(db, email);
  let ok: boolean;
  try {
    // Unknown email still pays for one argon2 verify, so timing does not reveal accounts.
    ok = await verifySignIn(user?.password_hash ?? (await dummyHash()), body.password);
  } catch (err) {
    if (!(err instanceof HashGateBusy)) throw err;
    await giveBack();
    throw busy();
  }
  // In production the demo password signs nobody in, whatever a database made in development holds.
  const demo = config.production && body.password === DEMO_PASSWORD;
  if (!user || !ok || demo) {
    // The failure is counted and told in one transaction; nobody is its actor, the email tried its subject.
    await db.transaction(async (tx) => {
      await recordFailure(tx, key, now(), config);
      await recordAudit(tx, signInFailed(email, address, user?.id, 'wrong email or password'));
    });
    throw new ApiError(422, AUTH_MESSAGES.invalidCredentials);
  }
  await giveBack();
  await clearFailures(db, key);
  // Hashes made before the one-lane setting (or by an older version) are replaced as people sign in.
  let password_hash = user.password_hash;
  if (needsRehash(password_hash)) {
    password_hash = await hashPassword(body.password);
    await db.update(users).set({ password_hash }).where(eq(users.id, user.id));
  }

  if (user.status !== 'active') {
    await recordAudit(db, signInFailed(email, address, user.id, 'the account is inactive'));
    return c.json({ Status: 'failed', message: AUTH_MESSAGES.inactive } satisfies LoginResponse, 200);
  }
  const secure = secureCookies(c);
  setCookie(c, DEVICE_COOKIE, deviceCookie({ id: user.id, password_hash }, device), {
    path: '/api',
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
  const signedIn = user;
  const { token, pageSecret, expiresAt } = await db.transaction(async (tx) => {
    const issued = await issueToken(tx, signedIn.id, now(), config.tokenTtlHours, { userAgent: c.req.header('user-agent'), address });
    await recordAudit(tx, { kind: 'sign_in', actor: { userId: signedIn.id, address }, subject: { type: 'user', id: signedIn.id, label: signedIn.email }, summary: `${signedIn.name} signed in.` });
    return issued;
  });
  const payload: LoginResponse = {
    Status: 'success',
    access_token: token,
    token_type: 'Bearer',
    expires_at: expiresAt.toISOString(),
    user: await withShop(db, await loadSessionUser(db, user)),
  };
  setCookie(c, PAGE_SESSION_COOKIE, pageSecret, { path: '/admin', httpOnly: true, sameSite: 'Lax', secure, expires: expiresAt });
  return c.json(payload, 200);
}

/** A failed sign-in as the trail tells it: no actor; the email tried (and the account, when one has it). */
const signInFailed = (email: string, address: string, userId: number | undefined, why: string) =>
  ({ kind: 'sign_in_failed', actor: { userId: null, address }, subject: { type: 'user', id: userId ?? null, label: email }, summary: `Sign-in as ${email} failed: ${why}.` }) as const;

async function logout(c: AppContext): Promise<Response> {
  const { auth } = c.var;
  await c.var.db.transaction(async (tx) => {
    await tx.delete(accessTokens).where(eq(accessTokens.id, auth.tokenId));
    await recordAudit(tx, { kind: 'sign_out', actor: { userId: auth.row.id, address: clientAddress(c) }, subject: { type: 'user', id: auth.row.id, label: auth.row.email }, summary: `${auth.row.name} signed out.` });
  });
  deleteCookie(c, PAGE_SESSION_COOKIE, { path: '/admin', secure: secureCookies(c) });
  return c.json({ message: 'Logged out' }, 200);
}

async function updateProfile(c: AppContext, input: RouteInput<typeof profileBody, z.ZodNever>): Promise<Response> {
  const { db, now, auth } = c.var;
  const body = await input.body();
  const email = body.email.toLowerCase();
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, auth.row.id)))
    .limit(1);
  const emailTaken = () => validationError({ email: ['This email address is already in use.'] });
  if (taken.length) throw emailTaken();
  let row;
  try {
    row = await db.transaction(async (tx) => {
      const [saved] = await tx.update(users).set({ name: body.name, email, updated_at: now() }).where(eq(users.id, auth.row.id)).returning();
      if (saved) {
        const changes = changesBetween({ name: auth.row.name, email: auth.row.email }, { name: saved.name, email: saved.email });
        if (Object.keys(changes).length) {
          await recordAudit(tx, { kind: 'profile_changed', actor: { userId: saved.id, address: clientAddress(c) }, subject: { type: 'user', id: saved.id, label: saved.email }, summary: `${saved.name} changed their profile.`, changes });
        }
      }
      return saved;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  if (!row) throw new ApiError(401, AUTH_MESSAGES.expired);
  return c.json({ user: await withShop(db, await loadSessionUser(db, row)) }, 200);
}

async function updatePassword(c: AppContext, input: RouteInput<typeof passwordBody, z.ZodNever>): Promise<Response> {
  const { db, now, auth } = c.var;
  const body = await input.body();
  const problem = await passwordProblem(body.password);
  if (problem) throw validationError({ password: [problem] });
  // The attempt is counted before the current password is checked (as a sign-in's is), so
  // concurrent guesses cannot pass the limit together; a wrong one keeps it, a right one clears all.
  const limit = passwordLimitKey(auth.row.id);
  const taken = await reserveAttempt(db, limit, now(), PASSWORD_MAX_FAILURES, PASSWORD_WINDOW_MS);
  if (!taken.ok) {
    throw new ApiError(429, `Too many wrong passwords. Try again in ${waitInWords(taken.retryAfter)}.`, {
      headers: { 'Retry-After': String(taken.retryAfter) },
    });
  }
  if (!(await verifyPassword(auth.row.password_hash, body.current_password))) {
    throw validationError({ current_password: ['The current password is incorrect.'] });
  }
  const password_hash = await hashPassword(body.password);
  // One transaction: the change, the end of the other sessions, the reset limit and the audit
  // trail's row stand or fall together.
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash, updated_at: now() }).where(eq(users.id, auth.row.id));
    // Other sessions (another browser, a stolen token) end; this one stays signed in.
    const ended = await tx
      .delete(accessTokens)
      .where(and(eq(accessTokens.user_id, auth.row.id), ne(accessTokens.id, auth.tokenId)))
      .returning({ id: accessTokens.id });
    await clearLimit(tx, limit);
    await recordAudit(tx, {
      kind: 'password_changed',
      actor: { userId: auth.row.id, address: clientAddress(c) },
      subject: { type: 'user', id: auth.row.id, label: auth.row.email },
      summary: `${auth.row.name} changed their password${ended.length ? `; ${ended.length} other session${ended.length === 1 ? '' : 's'} ended` : ''}.`,
      changes: { password: 'changed', other_sessions_ended: ended.length },
    });
  });
  return c.json({ message: 'Password updated.' }, 200);
}

/** A user record with the shop as it stands (its payment methods if the user may sell). */
const withShop = async (db: Db, user: SessionUser) => ({ ...user, shop: await shopInfo(db, user.roles) });

/** The signed-in user with the shop's name and currency, both read by the session check's one statement. */
const me = async (c: AppContext) => c.json({ ...c.var.auth.user, shop: c.var.auth.shop }, 200);

export const authRoutes: RouteDef[] = [
  route('GET', '/sanctum/csrf-cookie', 'public', { summary: 'Issue the XSRF-TOKEN cookie', handler: (c) => c.body(null, 204) }),
  route('GET', '/api/health', 'public', { summary: 'Alive: 200 while the process runs', handler: (c) => c.json({ ok: true }, 200) }),
  route('GET', '/api/ready', 'public', { summary: 'Ready for requests: 503 while stopping, before migrations, or when the database does not answer', handler: ready }),
  route('POST', '/api/v1/admin/login', 'public', { summary: 'Sign in: answers a bearer token', body: loginBody, handler: login }),
  route('POST', '/api/admin-login', 'public', { summary: 'Sign in (the same as /api/v1/admin/login)', body: loginBody, handler: login }),
  route('POST', '/api/logout', 'auth', { summary: 'Sign out: ends this token', handler: logout }),
  route('GET', '/me', 'auth', { summary: 'The signed-in user, with roles and permissions, and the shop (name, currency; to whoever may sell, the payment methods the POS setting enables)', handler: me }),
  route('GET', '/api/user', 'auth', { summary: 'The signed-in user (the same as /me)', handler: me }),
  route('PATCH', '/api/profile', 'auth', { summary: 'Change your name and email', body: profileBody, handler: updateProfile }),
  route('PATCH', '/api/password', 'auth', {
    summary: 'Change your password (ends your other sessions)',
    body: passwordBody,
    refusals: { 429: `Too many wrong current passwords: ${PASSWORD_MAX_FAILURES} in ${PASSWORD_WINDOW_MS / 60_000} minutes` },
    handler: updatePassword,
  }),
];

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * where a person signed in gets a cookie naming that account, signed by the server. A sign-in
 * from such a browser counts against the browser's own small allowance
 * (LOGIN_DEVICE_MAX_FAILURES an hour), not against the account's limit that strangers can use
 * up, so 100 failures from anywhere slow an attacker down without locking the owner out.
 *
 * The cookie is `<user id>.<nonce>.<mac>`, the mac an HMAC of the id and nonce keyed with the
 * account's password hash: every server on the database can check it with no secret to share,
 * nobody without the database can forge it, and a password change makes the account's devices
 * unknown again (a device that was stolen with the password is not trusted after a change).
 */
export const DEVICE_COOKIE = 'bo_device';
/** A year: a device is remembered as long as the person keeps using it. */
export const DEVICE_COOKIE_DAYS = 365;

const mac = (userId: number, nonce: string, key: string) => createHmac('sha256', key).update(`device|${userId}|${nonce}`).digest('base64url');

/** A new cookie value for this account, keeping `nonce` when the browser has one already. */
export function deviceCookie(user: { id: number; password_hash: string }, nonce = randomBytes(16).toString('base64url')): string {
  return `${user.id}.${nonce}.${mac(user.id, nonce, user.password_hash)}`;
}

/** The device's nonce when the cookie is one this account's sign-in gave, else undefined. */
export function knownDevice(cookie: string | undefined, user: { id: number; password_hash: string } | undefined): string | undefined {
  if (!cookie || !user) return undefined;
  const [id, nonce, sig, extra] = cookie.split('.');
  if (extra !== undefined || !nonce || !sig || id !== String(user.id) || !/^[\w-]{16,64}$/.test(nonce)) return undefined;
  const want = Buffer.from(mac(user.id, nonce, user.password_hash));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? nonce : undefined;
}

export const deviceLimitKey = (nonce: string) => `device ${nonce}`;

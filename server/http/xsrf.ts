import { randomBytes, timingSafeEqual } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import type { UnofficialStatusCode } from 'hono/utils/http-status';
import { XSRF_COOKIE, XSRF_HEADER, AUTH_MESSAGES } from '../../domain/auth.ts';
import { DEVICE_COOKIE } from '../auth/device.ts';
import { secureCookies } from './client.ts';
import type { AppMiddleware } from './context.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit cookie: the SPA's client copies the XSRF-TOKEN cookie into the
 * X-XSRF-TOKEN header (SPEC §7). Another site can make a browser send the cookie but cannot
 * read it, so it cannot send the header.
 *
 * A request that carries no cookie at all (but the device cookie) is not checked: a forged request works only through
 * credentials the browser adds by itself, and there are none here. Our credential is the
 * bearer token the SPA keeps in storage and sets on each call; a browser never attaches it to
 * a request another site makes. So scripts and other servers sign in and write with
 * `Authorization: Bearer` alone, while every browser request (which carries the XSRF cookie
 * once the SPA has loaded) still proves it came from our page. Bodies must be
 * application/json (readJson), which a cross-site form cannot send either.
 */
export const xsrf: AppMiddleware = async (c, next) => {
  const cookie = getCookie(c, XSRF_COOKIE);
  // The device cookie (server/auth/device.ts) is no credential, only a sign-in allowance, and it is
  // SameSite=Strict: another site's request never carries it. A script that signed in keeps it
  // and still writes with its bearer token alone.
  const anyCookie = Object.keys(getCookie(c)).some((name) => name !== DEVICE_COOKIE);
  const issue = () => {
    if (!cookie) {
      setCookie(c, XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'Lax',
        httpOnly: false,
        secure: secureCookies(c),
      });
    }
  };
  if (UNSAFE.has(c.req.method) && anyCookie) {
    const header = c.req.header(XSRF_HEADER);
    if (!cookie || !header || !sameSecret(cookie, decodeURIComponent(header))) {
      issue();
      return c.json({ message: AUTH_MESSAGES.xsrf }, 419 as UnofficialStatusCode);
    }
  }
  await next();
  issue();
};

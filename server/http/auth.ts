import { AUTH_MESSAGES } from '../../domain/auth.ts';
import { permissionsOf, type Permission } from '../../domain/permissions.ts';
import { sessionOf } from '../auth/session.ts';
import { ApiError } from './errors.ts';
import type { AppMiddleware } from './context.ts';

export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}

/**
 * Signed-in user from the bearer token (one query: server/auth/session.ts); sets c.var.auth or
 * answers 401. The calls of one page drawn on the server share their check (AppEnv's drawSessions),
 * and only they are made with the page secret (the page cookie), never an API key: a request from
 * outside has no drawSessions, so the page secret is no credential for the API.
 */
export const requireAuth: AppMiddleware = async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  if (!token) throw new ApiError(401, AUTH_MESSAGES.signIn);
  const { db, config, now } = c.var;
  const drawn = c.env?.drawSessions;
  let checked = drawn?.get(token);
  if (!checked) {
    checked = sessionOf(db, token, now(), config.tokenIdleMinutes, drawn ? 'page' : 'token');
    drawn?.set(token, checked);
  }
  const session = await checked;
  if (!session || session.row.status !== 'active') throw new ApiError(401, AUTH_MESSAGES.expired);
  const { row, user, tokenId, shop } = session;
  c.set('auth', { row, user, permissions: permissionsOf(user.roles), tokenId, shop });
  await next();
};

/** 403 with body code 403 (SPEC §6) unless the signed-in user holds `permission` (or any one of a list). */
export function requirePermission(permission: Permission | readonly Permission[]): AppMiddleware {
  const anyOf: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  return async (c, next) => {
    const held = c.var.auth.permissions;
    if (!anyOf.some((p) => held.has(p))) {
      throw new ApiError(403, AUTH_MESSAGES.forbidden, { code: 403 });
    }
    await next();
  };
}

import type { Context, MiddlewareHandler } from 'hono';
import type { SessionUser } from '../../domain/auth.ts';
import type { Permission } from '../../domain/permissions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { UserRow } from '../auth/session.ts';

export interface AuthState {
  row: UserRow;
  user: SessionUser;
  permissions: Set<Permission>;
  tokenId: number;
}

export interface AppEnv {
  Variables: {
    db: Db;
    config: Config;
    now: () => Date;
    auth: AuthState;
  };
}

export type AppContext = Context<AppEnv>;
export type AppMiddleware = MiddlewareHandler<AppEnv>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * 'public': anyone; 'auth': any signed-in user; a Permission: signed in and holding it;
 * a list of permissions: signed in and holding any one of them (e.g. relation options,
 * which every screen that picks from the list needs).
 */
export type RouteAccess = Permission | readonly Permission[] | 'auth' | 'public';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
  handler: (c: AppContext) => Response | Promise<Response>;
}

export const route = (
  method: HttpMethod,
  path: string,
  access: RouteAccess,
  handler: RouteDef['handler'],
): RouteDef => ({ method, path, access, handler });

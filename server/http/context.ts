import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { SessionShop, SessionUser } from '../../domain/auth.ts';
import type { Permission } from '../../domain/permissions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Session, UserRow } from '../auth/session.ts';

/** What a load balancer asks of a server before it sends it requests (main.ts sets these; ready.ts answers). */
export interface ServerState {
  /** The database has this release's migrations (set once the start-up migrate step has run). */
  migrated: boolean;
  /** SIGTERM came: the server still answers what it gets but asks for no more (shutdown.ts). */
  stopping: boolean;
}

export interface AuthState {
  row: UserRow;
  user: SessionUser;
  permissions: Set<Permission>;
  tokenId: number;
  /** Read with the session (one statement), for GET /me. */
  shop: SessionShop;
}

export interface AppEnv {
  /**
   * What the server itself hands a request it makes in process, never anything a client sends:
   * the Node adapter's connection details, and for the calls of a page drawn on the server
   * (server/page-render.ts) the sessions checked so far in that drawing, by token, so that its
   * calls check their one session once (the drawing is one request of the person's).
   */
  Bindings: {
    drawSessions?: Map<string, Promise<Session | undefined>>;
  };
  Variables: {
    db: Db;
    config: Config;
    now: () => Date;
    auth: AuthState;
    state: ServerState;
    /** This request's id (X-Request-Id), in its log lines and its answer's header. */
    requestId: string;
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

/**
 * What a handler reads from the request, validated with exactly the schemas its route declares
 * (so the API reference generated from the route table describes what the server checks).
 * Each is read when the handler asks, so it decides the order (a 404 for a bad id comes first).
 */
export interface RouteInput<B extends z.ZodType, Q extends z.ZodType> {
  /** The JSON body, validated with the route's `body` schema: 400 when malformed, 422 when invalid. */
  body(): Promise<z.output<B>>;
  /** The query string, validated with the route's `query` schema: 422 naming a wrong parameter. */
  query(): z.output<Q>;
}

export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType> {
  /** One line for the API reference. */
  summary?: string;
  /** The JSON body this route accepts. */
  body?: B;
  /** The query parameters this route accepts. */
  query?: Q;
  /** Refusals beyond those every route of its kind has (status → when), for the API reference. */
  refusals?: Readonly<Record<number, string>>;
  /**
   * A file sent as the body itself (or as the `file` part of a multipart form) instead of JSON:
   * its size limit (the app answers 413 with `tooLarge` beyond it) and the types it takes.
   */
  rawBody?: { maxBytes: number; types: readonly string[]; tooLarge: string };
  // A method, so a route with a specific schema still fits a list of RouteDef.
  handler(c: AppContext, input: RouteInput<B, Q>): Response | Promise<Response>;
}

export interface RouteDef<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> extends RouteSpec<B, Q> {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
}

/** A route; `spec` is its handler alone when it reads neither a body nor a query. */
export function route<B extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever>(
  method: HttpMethod,
  path: string,
  access: RouteAccess,
  spec: RouteSpec<B, Q> | RouteSpec<B, Q>['handler'],
): RouteDef<B, Q> {
  return typeof spec === 'function' ? { method, path, access, handler: spec } : { ...spec, method, path, access };
}

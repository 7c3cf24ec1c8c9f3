import { compress } from 'hono/compress';
import type { z } from 'zod';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { dummyHash } from './auth/password.ts';
import { requireAuth, requirePermission } from './http/auth.ts';
import type { AppEnv, AppMiddleware, HttpMethod, RouteAccess, RouteDef } from './http/context.ts';
import { ApiError } from './http/errors.ts';
import { routeInput } from './http/input.ts';
import { gzipJson } from './http/json-gzip.ts';
import { xsrf } from './http/xsrf.ts';
import { runningState, type ServerState } from './http/ready.ts';
import { requestId } from './http/request-id.ts';
import { authRoutes } from './routes/auth.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { imageRoutes } from './images/routes.ts';
import { docsRoutes } from './routes/docs.ts';
import { resourceRoutes } from './resources/index.ts';
import { stockRoutes } from './stock/routes.ts';
import { lookupRoutes } from './documents/lookup.ts';
import { purchaseRoutes } from './documents/purchase-routes.ts';
import { saleRoutes } from './documents/sale-routes.ts';
import { invoiceRoutes } from './documents/invoice-routes.ts';
import { orderRoutes } from './documents/order-routes.ts';
import { quotationRoutes } from './documents/quotation-routes.ts';
import { stockCountRoutes } from './documents/stock-counts.ts';
import { posRoutes } from './pos/routes.ts';
import { insightRoutes } from './insight/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { mountStatic, notFoundPage } from './static.ts';

/** Every API route with its guard, in one table. Later resources add their lists here. */
const ROUTE_TABLE: readonly RouteDef[] = [
  ...authRoutes,
  ...sessionRoutes,
  ...resourceRoutes,
  ...stockCountRoutes,
  ...stockRoutes,
  ...purchaseRoutes,
  ...saleRoutes,
  ...invoiceRoutes,
  ...orderRoutes,
  ...quotationRoutes,
  ...posRoutes,
  ...insightRoutes,
  ...auditRoutes,
  ...lookupRoutes,
  ...searchRoutes,
  ...imageRoutes,
  ...docsRoutes(() => ROUTE_TABLE),
];

export interface ApiRoute {
  method: HttpMethod;
  path: string;
  /** A permission name, a list of them (any one will do), 'auth' (any signed-in user) or 'public'. */
  permission: RouteAccess;
  /** The schema the handler validates its JSON body with, if it reads one. */
  body: z.ZodType | undefined;
  /** The schema the handler validates its query string with, if it reads one. */
  query: z.ZodType | undefined;
  /** The file types a file route (an image upload) takes as its body, instead of JSON. */
  rawBody: { types: readonly string[] } | undefined;
}

/** The registry tests walk: every API route, what guards it and what it validates. */
export const apiRoutes: readonly ApiRoute[] = ROUTE_TABLE.map(({ method, path, access, body, query, rawBody }) => ({
  method,
  path,
  permission: access,
  body,
  query,
  rawBody,
}));

export const MAX_BODY_BYTES = 1024 * 1024;
/** What a multipart form may add around a file: boundaries and part headers. */
const MULTIPART_SLACK = 16 * 1024;
export const SERVER_ERROR = 'Something went wrong on our side. Try again.';

const isApiPath = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path === '/me' || path.startsWith('/sanctum/');

const patternOf = (path: string) =>
  new RegExp('^' + path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+') + '/?$');
const ROUTE_PATTERNS = ROUTE_TABLE.map((r) => ({ method: r.method, re: patternOf(r.path) }));

export interface AppOptions {
  db: Db;
  config: Config;
  /** Folder of the built SPA (vite build); without it /admin answers "not built". */
  distDir?: string | undefined;
  /** Injected clock: token expiry and sign-in throttling read it (tests move time). */
  now?: () => Date;
  /** Migrated, stopping: what /api/ready tells a load balancer (main.ts changes it). */
  state?: ServerState;
}

/**
 * The Content-Security-Policy of every answer (the SPA, the server's own pages, the API).
 * Scripts come only from this site: no inline script, no eval (zod's eval probe is off in the
 * browser: src/main.tsx). Beyond the base policy issue 9 asks for:
 * - style-src 'self': the built CSS file and /site.css; the app sets element styles only
 *   through the CSSOM (React's style prop, Ark's positioning), which a policy does not govern,
 *   and Panda emits a static file, so no 'unsafe-inline' is needed for styles either;
 * - img-src 'self' data: the favicon, and the small SVG icons the CSS embeds as data: URLs
 *   (and the barcodes of the label sheet). No blob:: an image field previews the server's
 *   thumbnail of the uploaded file, not the file as picked (see selectImageField);
 * - font-src 'self': Inter, bundled from @fontsource (default-src would allow it; said so
 *   that a stray CDN font shows up as a violation);
 * - connect-src 'self': the API calls;
 * - form-action 'self': a form posts nowhere else (default-src does not cover it).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const securityHeaders: AppMiddleware = async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  if (isApiPath(c.req.path) && !h.has('Cache-Control')) h.set('Cache-Control', 'no-store');
};

export function createApp(opts: AppOptions): Hono<AppEnv> {
  const now = opts.now ?? (() => new Date());
  const state = opts.state ?? runningState();
  void dummyHash(); // warm up, so the first unknown-email sign-in is not faster than the rest

  const app = new Hono<AppEnv>();

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json(err.body(), err.status as ContentfulStatusCode, err.headers);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ message: err.message || 'The request could not be handled.' }, err.status);
    }
    console.error(`[server] ${c.req.method} ${c.req.path} failed:`, err);
    return c.json({ message: SERVER_ERROR }, 500);
  });

  app.notFound((c) => {
    const path = c.req.path;
    if (!isApiPath(path)) return c.html(notFoundPage(), 404);
    const allowed = ROUTE_PATTERNS.filter((r) => r.re.test(path)).map((r) => r.method);
    if (allowed.length) {
      const allow = [...new Set(allowed.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])))].join(', ');
      return c.json({ message: 'This method is not allowed here.' }, 405, { Allow: allow });
    }
    return c.json({ message: 'Not found.' }, 404);
  });

  app.use('*', async (c, next) => {
    c.set('db', opts.db);
    c.set('config', opts.config);
    c.set('now', now);
    c.set('state', state);
    await next();
  });
  app.use('*', requestId);
  // gzip/deflate for clients that ask: the SPA's JS and CSS shrink to about a third. JSON
  // answers are gzipped whole by gzipJson first (json-gzip.ts says why).
  app.use('*', compress());
  app.use('*', gzipJson);
  app.use('*', securityHeaders);
  app.use('*', xsrf);
  // The rest of a too-large body is never read, so the connection cannot carry another
  // request: its unread bytes would be taken for one. Close tells the client to open a new one.
  const jsonLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: 'The request body is too large.' }, 413, { Connection: 'close' }),
  });
  // Routes that take a file (image uploads) have a limit of their own; a multipart form adds
  // a little around the file.
  const fileLimits = ROUTE_TABLE.flatMap((r) =>
    r.rawBody
      ? [
          {
            method: r.method,
            re: patternOf(r.path),
            limit: bodyLimit({
              maxSize: r.rawBody.maxBytes + MULTIPART_SLACK,
              onError: (c) => c.json({ message: r.rawBody!.tooLarge, errors: { file: [r.rawBody!.tooLarge] } }, 413, { Connection: 'close' }),
            }),
          },
        ]
      : [],
  );
  app.use('*', (c, next) => (fileLimits.find((f) => f.method === c.req.method && f.re.test(c.req.path))?.limit ?? jsonLimit)(c, next));

  for (const def of ROUTE_TABLE) {
    const handler: AppMiddleware = (c) => Promise.resolve(def.handler(c, routeInput(c, def)));
    const chain: [AppMiddleware, ...AppMiddleware[]] = [handler];
    if (def.access !== 'public' && def.access !== 'auth') chain.unshift(requirePermission(def.access));
    if (def.access !== 'public') chain.unshift(requireAuth);
    app.on(def.method, def.path, ...chain);
  }

  mountStatic(app, opts.distDir);
  return app;
}

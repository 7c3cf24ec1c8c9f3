// The browser bench's server (scripts/bench-browser.ts), in a thread of its own: the built app and
// the floor on one Hono server on 127.0.0.1, over a fresh database with the bench's customers.
//
// Its own thread, as a server has in use: in the bench's thread it shared an event loop with
// Playwright, whose protocol traffic takes 40-50 ms of that thread in every page load (measured
// on a floor load, whose own serving is a few ms) and would land between the drawing's steps.
import { stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, normalize, resolve, sep } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { getMimeType } from 'hono/utils/mime';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Db } from '../server/db/index.ts';
import { sendBuiltFile } from '../server/static.ts';
import { openRegister } from '../server/pos/registers.ts';
import { openFresh, rawQuery, seed, seedStock, type Kind } from './bench-db.ts';
import { tsWorker } from './ts-worker.ts';

export const FLOOR_BASE = '/bench-floor/';

interface Options {
  db: Kind;
  rows: number;
  distDir: string;
  /** The floor page's build (bench-browser.ts); none: nothing under FLOOR_BASE. */
  floorDir?: string;
  /** The till's bench (bench-till.ts): this many products in stock, and the bench user's register session open. */
  tillProducts?: number;
}
type Message = { type: 'ready'; port: number; token: string; pageSecret: string; label: string } | { type: 'failed'; message: string } | { type: 'stopped' };

/** The floor's files under /bench-floor/ served as the app's are (server/static.ts: hashed files from memory, gzipped once); else index.html. */
function floorApp(outDir: string): Hono {
  const app = new Hono();
  app.use('*', compress());
  app.get('*', async (c) => {
    const rel = normalize('/' + decodeURIComponent(c.req.path.slice(FLOOR_BASE.length)));
    const full = resolve(outDir, '.' + rel);
    const isFile = full.startsWith(outDir + sep) && (await stat(full).catch(() => null))?.isFile();
    const file = isFile ? full : join(outDir, 'index.html');
    const hashed = isFile && /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(file);
    if (hashed) return sendBuiltFile(file, c.req.header('Accept-Encoding'));
    return c.body(readFileSync(file), 200, {
      'Content-Type': getMimeType(file) ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
  });
  return app;
}

/**
 * The real app over `db`, listening on 127.0.0.1 on a free port in THIS thread (scripts/bench.ts,
 * scripts/bench-insight.ts: their client times it from a worker thread, scripts/bench-client.ts).
 */
export async function serveApp(db: Db): Promise<{ base: string; close: () => Promise<void> }> {
  const app = createApp({ db, config: { ...loadConfig({}), seed: 'none' } });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((ok, fail) => server.once('listening', ok).once('error', fail));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      // Keep-alive connections (the login flood's) would hold close() open.
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

/** In the worker: seed, serve, say where; stop when asked. */
async function runServer(options: Options): Promise<void> {
  const port = parentPort!;
  try {
    const db = await openFresh(options.db);
    const { token, pageSecret } = await seed(db.handle, options.rows);
    if (options.tillProducts) {
      await seedStock(db.handle, options.tillProducts, 0);
      const [user] = await rawQuery(db.handle, `select id from users where email = 'bench@example.com'`);
      await db.handle.db.transaction((tx) => openRegister(tx, { opening_float: 10_000, note: null }, { userId: Number(user!.id) }));
    }
    const app = createApp({ db: db.handle.db, config: { ...loadConfig({}), seed: 'none' }, distDir: options.distDir });
    const floor = options.floorDir ? floorApp(options.floorDir) : undefined;
    const server = serve({
      fetch: (req, env) => (floor && new URL(req.url).pathname.startsWith(FLOOR_BASE) ? floor.fetch(req, env) : app.fetch(req, env)),
      hostname: '127.0.0.1',
      port: 0,
    });
    await new Promise<void>((ok, fail) => server.once('listening', ok).once('error', fail));
    port.on('message', async (m) => {
      if (m !== 'stop') return;
      await new Promise<void>((ok) => {
        server.close(() => ok());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await db.done();
      port.postMessage({ type: 'stopped' } satisfies Message);
    });
    port.postMessage({ type: 'ready', port: (server.address() as AddressInfo).port, token, pageSecret, label: db.label } satisfies Message);
  } catch (err) {
    port.postMessage({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies Message);
  }
}

/**
 * Starts the server in its thread. For PostgreSQL without BENCH_DATABASE_URL the caller starts the
 * private cluster and passes its address in `env` (bench-browser.ts).
 */
export async function startBenchServer(options: Options, env: NodeJS.ProcessEnv = process.env): Promise<{ base: string; token: string; pageSecret: string; label: string; stop: () => Promise<void> }> {
  const worker = tsWorker(import.meta.url, { workerData: { benchServer: options }, env });
  const ready = await new Promise<Extract<Message, { type: 'ready' }>>((ok, fail) => {
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the bench server's thread ended (code ${code}) before it served`)));
    worker.once('message', (m: Message) => (m.type === 'ready' ? ok(m) : fail(new Error(m.type === 'failed' ? m.message : 'the bench server stopped before it served'))));
  });
  worker.removeAllListeners('exit');
  return {
    base: `http://127.0.0.1:${ready.port}`,
    token: ready.token,
    pageSecret: ready.pageSecret,
    label: ready.label,
    stop: async () => {
      const stopped = new Promise<void>((ok) => {
        worker.on('message', (m: Message) => m.type === 'stopped' && ok());
        worker.once('exit', () => ok());
      });
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}

if (!isMainThread && (workerData as { benchServer?: Options } | null)?.benchServer) void runServer((workerData as { benchServer: Options }).benchServer);

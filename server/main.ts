import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { databaseClock } from './db/clock.ts';
import { openDatabase } from './db/index.ts';
import { prepareDatabase } from './db/prepare.ts';
import { startPurging } from './auth/purge.ts';
import { handleStopSignals } from './shutdown.ts';
import { holdDataDirOrExit } from './lock.ts';
import type { ServerState } from './http/ready.ts';
import { logWithRequestIds } from './http/request-id.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  fail(`Configuration error: ${(err as Error).message}`);
}

logWithRequestIds(config.serverName);

const releaseLock = holdDataDirOrExit(config);
process.on('exit', releaseLock);

const handle = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
  poolSize: config.dbPoolSize,
  statementTimeoutMs: config.dbStatementTimeoutMs,
}).catch(
  (err: unknown) => {
    releaseLock();
    fail(`Could not open the database: ${(err as Error).message}`);
  },
);

const state: ServerState = { migrated: false, stopping: false };
let clock;
try {
  // Under the migration lock: servers started together take turns (server/db/prepare.ts).
  await prepareDatabase(handle, config);
  state.migrated = true;
  clock = await databaseClock(handle.db);
} catch (err) {
  console.error('Could not prepare the database:', err);
  await handle.close().catch(() => {});
  releaseLock();
  process.exit(1);
}

const distDir = resolve('dist');
if (!existsSync(resolve(distDir, 'index.html'))) {
  console.warn(`Warning: ${distDir}/index.html is missing, so /admin cannot be served. Run npm run build.`);
}

const app = createApp({ db: handle.db, config, distDir, state, now: clock.now });
const stopPurging = startPurging(handle.db, config, clock.now);
const where = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => {
  console.log(`Back office ready at ${where}/admin`);
});

server.on('error', async (err: NodeJS.ErrnoException) => {
  if (err.code === 'EADDRINUSE') {
    console.error(`Port ${config.port} on ${config.host} is already in use. Stop the other program or set PORT to a free port.`);
  } else if (err.code === 'EACCES') {
    console.error(`Not allowed to listen on ${config.host}:${config.port}. Choose a PORT above 1024.`);
  } else {
    console.error('Server error:', err);
  }
  await handle.close().catch(() => {});
  releaseLock();
  process.exit(1);
});

// `serve` gives the node:http server for HTTP (no TLS options are passed).
handleStopSignals(server as Server, {
  stopWork: async () => {
    clock.stop();
    await stopPurging();
  },
  closeDatabase: () => handle.close(),
  releaseLock,
  beginStopping: () => {
    state.stopping = true;
  },
  drainMs: config.drainSeconds * 1000,
});

import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/index.ts';
import { startPurging } from './auth/purge.ts';
import { handleStopSignals } from './shutdown.ts';
import { lockDataDir } from './lock.ts';
import { users } from './db/schema.ts';
import { disableDemoAccounts, seedDemo, seedPermissions } from './seed.ts';

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

let releaseLock = () => {};
if (!config.databaseUrl) {
  const lock = lockDataDir(config.dataDir);
  if (!lock.ok) fail(lock.message);
  releaseLock = lock.release;
  process.on('exit', releaseLock);
}

const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir }).catch(
  (err: unknown) => {
    releaseLock();
    fail(`Could not open the database: ${(err as Error).message}`);
  },
);

try {
  await migrate(handle);
  await seedPermissions(handle.db);
  if (config.seed === 'demo' && !config.production) await seedDemo(handle.db);
  if (config.production) {
    const disabled = await disableDemoAccounts(handle.db);
    if (disabled.length) {
      console.warn(
        `Production: the demo accounts ${disabled.join(', ')} still have the demo password, so they are inactive and nobody can sign in with it. ` +
          'Make a real Super Admin with: npm run create-admin',
      );
    }
  }
  const [anyUser] = await handle.db.select({ id: users.id }).from(users).where(eq(users.status, 'active')).limit(1);
  if (!anyUser) console.warn('No active users yet. Create the first Super Admin with: npm run create-admin');
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

const app = createApp({ db: handle.db, config, distDir });
const stopPurging = startPurging(handle.db, config);
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
handleStopSignals(server as Server, { stopWork: stopPurging, closeDatabase: () => handle.close(), releaseLock });

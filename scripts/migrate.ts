// `npm run migrate`: migrates and seeds the database the server would use (DATABASE_URL, else
// the PGlite folder DATA_DIR), then exits; `npm start` runs it before the server. Any number may
// run at once, with servers starting too: they take turns under one advisory lock
// (server/db/prepare.ts).
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { holdDataDirOrExit } from '../server/lock.ts';

let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  console.error(`Configuration error: ${(err as Error).message}`);
  process.exit(1);
}

const release = holdDataDirOrExit(config);

let code = 0;
try {
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    await prepareDatabase(handle, config);
    console.log('Database migrated.');
  } finally {
    await handle.close();
  }
} catch (err) {
  console.error('Could not migrate the database:', err);
  code = 1;
} finally {
  release();
}
process.exit(code);

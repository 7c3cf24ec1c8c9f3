/**
 * Run before the e2e server starts (playwright.config.ts webServer): fills the run's empty data
 * folder (DATA_DIR) with today's demo shop (tests/support/demo-shop.ts), made now if no earlier
 * run or step kept it. The server then finds the shop seeded and only migrates and checks, instead
 * of seeding a year of sales at every start. The shop is the one a start seeds (the same seed
 * functions on the same migrations); the server's start still runs all of its own preparation.
 */
import { existsSync } from 'node:fs';
import { openDatabase } from '../../../server/db/index.ts';
import { demoShopDump } from '../../support/demo-shop.ts';

const dir = process.env.DATA_DIR;
if (!dir) throw new Error('DATA_DIR names the e2e data folder to fill');
if (existsSync(dir)) throw new Error(`${dir} exists already: the e2e run starts from a folder of its own`);
const t0 = performance.now();
const dump = await demoShopDump();
const handle = await openDatabase({ dataDir: dir, from: new Blob([dump]) });
await handle.close();
console.log(`e2e data: the demo shop in ${dir} in ${Math.round(performance.now() - t0)} ms`);

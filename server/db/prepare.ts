import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { disableDemoAccounts, seedDemo, seedPermissions } from '../seed.ts';
import { migrateLocked, withMigrationLock, type DbHandle } from './index.ts';
import { users } from './schema.ts';

/**
 * What a start needs of the database, done once however many servers start together: the
 * migrations, the permission table, the demo shop (development) or the demo accounts disabled
 * (production). All of it under the migration lock, so two seeds never race either; a second
 * server waits for the first, then finds everything there. `npm run migrate` runs this before
 * `npm start` starts a server, which runs it again (then it costs a few queries).
 */
export async function prepareDatabase(handle: DbHandle, config: Config): Promise<void> {
  await withMigrationLock(handle, async (locked) => {
    await migrateLocked(locked);
    await seedPermissions(locked.db);
    if (config.seed === 'demo' && !config.production) await seedDemo(locked.db);
    if (config.production) {
      const disabled = await disableDemoAccounts(locked.db);
      if (disabled.length) {
        console.warn(
          `Production: the demo accounts ${disabled.join(', ')} still have the demo password, so they are inactive and nobody can sign in with it. ` +
            'Make a real Super Admin with: npm run create-admin',
        );
      }
    }
    const [anyUser] = await locked.db.select({ id: users.id }).from(users).where(eq(users.status, 'active')).limit(1);
    if (!anyUser) console.warn('No active users yet. Create the first Super Admin with: npm run create-admin');
  });
}

import { eq } from 'drizzle-orm';
import type { SessionShop } from '../../domain/auth.ts';
import { DEFAULT_CURRENCY } from '../../domain/format.ts';
import { websiteSetting } from '../../domain/resources/settings.ts';
import type { Db } from '../db/index.ts';
import { settings } from '../db/schema.ts';

/**
 * The shop's name and currency from the website setting (its defaults until it is saved),
 * for every signed-in person: amounts are shown in this currency everywhere.
 */
export async function shopInfo(db: Db): Promise<SessionShop> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, websiteSetting.key));
  const value = (row?.value ?? {}) as { shop_name?: unknown; currency?: unknown };
  const currency = typeof value.currency === 'string' && /^[A-Z]{3}$/.test(value.currency) ? value.currency : DEFAULT_CURRENCY;
  return { name: typeof value.shop_name === 'string' ? value.shop_name : '', currency };
}

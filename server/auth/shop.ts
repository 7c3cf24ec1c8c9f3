import { eq, sql } from 'drizzle-orm';
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
  return shopFrom(row?.value);
}

/** The shop of a website setting's stored value (null or undefined: not saved yet). */
export function shopFrom(stored: unknown): SessionShop {
  const value = (stored ?? {}) as { shop_name?: unknown; currency?: unknown };
  const currency = typeof value.currency === 'string' && /^[A-Z]{3}$/.test(value.currency) ? value.currency : DEFAULT_CURRENCY;
  return { name: typeof value.shop_name === 'string' ? value.shop_name : '', currency };
}

/** The website setting's stored value, as a subquery: the session check reads it in its one statement. */
export const shopValueSql = sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = ${websiteSetting.key})`.mapWith((v: unknown) =>
  typeof v === 'string' ? JSON.parse(v) : v,
);

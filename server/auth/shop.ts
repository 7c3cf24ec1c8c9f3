import { inArray, sql } from 'drizzle-orm';
import type { SessionShop } from '../../domain/auth.ts';
import { SELL_ACCESS } from '../../domain/documents/lines.facts.ts';
import { PAYMENT_METHOD_NAMES } from '../../domain/documents/payments.facts.ts';
import { DEFAULT_CURRENCY } from '../../domain/format.ts';
import { permissionsOf } from '../../domain/permissions.ts';
import { posSetting, websiteSetting } from '../../domain/resources/settings.ts';
import type { Db } from '../db/index.ts';
import { settings } from '../db/schema.ts';

/**
 * The shop's name and currency from the website setting (its defaults until it is saved),
 * for every signed-in person: amounts are shown in this currency everywhere. To whoever may
 * sell (SELL_ACCESS), also the payment methods the POS setting enables: a sale's payments and
 * its pay panel offer those only, and a cashier holds no right to read the POS setting itself.
 */
export async function shopInfo(db: Db, roles?: Parameters<typeof permissionsOf>[0]): Promise<SessionShop> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, [websiteSetting.key, posSetting.key]));
  const valueOf = (key: string) => rows.find((r) => r.key === key)?.value;
  return shopFrom(valueOf(websiteSetting.key), valueOf(posSetting.key), sells(roles));
}

/** Whether a person with these roles may sell, so their session carries the shop's payment methods. */
export const sells = (roles: Parameters<typeof permissionsOf>[0]) => {
  const held = permissionsOf(roles);
  return SELL_ACCESS.some((p) => held.has(p));
};

/** The methods a stored POS setting enables (not saved yet: its defaults), known names only. */
export function enabledMethods(storedPos: unknown): string[] {
  const stored = (storedPos as { payment_methods?: unknown } | null | undefined)?.payment_methods;
  const list: readonly unknown[] = Array.isArray(stored) ? stored : (posSetting.defaults.payment_methods as string[]);
  return PAYMENT_METHOD_NAMES.filter((m) => list.includes(m));
}

/** The shop of a website setting's stored value (null or undefined: not saved yet), and the POS setting's methods for a seller. */
export function shopFrom(stored: unknown, storedPos?: unknown, seller = false): SessionShop {
  const value = (stored ?? {}) as { shop_name?: unknown; currency?: unknown };
  const currency = typeof value.currency === 'string' && /^[A-Z]{3}$/.test(value.currency) ? value.currency : DEFAULT_CURRENCY;
  return { name: typeof value.shop_name === 'string' ? value.shop_name : '', currency, ...(seller ? { payment_methods: enabledMethods(storedPos) } : {}) };
}

const settingValueSql = (key: string) =>
  sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = ${key})`.mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v));

/** The website setting's stored value, as a subquery: the session check reads it in its one statement. */
export const shopValueSql = settingValueSql(websiteSetting.key);
/** The POS setting's stored value, likewise (its payment methods ride along with a seller's session). */
export const posValueSql = settingValueSql(posSetting.key);

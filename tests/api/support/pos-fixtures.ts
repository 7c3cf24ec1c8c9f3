import { and, eq } from 'drizzle-orm';
import { POS_CATALOGUE_API, POS_TERMS_API, REGISTER_API } from '../../../domain/pos/till.ts';
import { registerSessions, users } from '../../../server/db/schema.ts';
import { openRegister, showRegister } from '../../../server/pos/registers.ts';
import type { Actor, PreparedRequest, RouteFixture } from './fixtures.ts';
import type { Ctx } from './purchase-fixtures.ts';

/**
 * Valid requests for the till's routes. A register session is its cashier's, so each request is
 * built for its actor: their open session (opened through the register service when they have
 * none), or, to open one, none open (closed directly first).
 */
export function posFixture(route: { method: string; path: string }, ctx: Ctx): RouteFixture | undefined {
  const req = (path: string, body?: unknown): PreparedRequest => ({ method: route.method, path, ...(body === undefined ? {} : { body }) });
  const userOf = async (actor: Actor) => (await ctx.h.db.select({ id: users.id }).from(users).where(eq(users.email, actor.email)))[0]!.id;
  const openOf = async (userId: number) =>
    (await ctx.h.db.select({ id: registerSessions.id }).from(registerSessions).where(and(eq(registerSessions.opened_by, userId), eq(registerSessions.status, 'open'))))[0]?.id;
  /** The actor's open session, opened when they have none. */
  const session = async (actor: Actor) => {
    const userId = await userOf(actor);
    return (await openOf(userId)) ?? (await ctx.h.db.transaction((tx) => openRegister(tx, { opening_float: 5_000, note: null }, { userId }))).id;
  };
  const at = (id: number, tail = '') => `${REGISTER_API}/${id}${tail}`;
  switch (`${route.method} ${route.path}`) {
    case `GET ${POS_TERMS_API}`:
    case `GET ${REGISTER_API}`:
      return { kind: 'explicit', build: async () => req(route.path) };
    case `GET ${POS_CATALOGUE_API}`:
      return { kind: 'explicit', build: async () => req(`${route.path}?limit=20`) };
    case `GET ${REGISTER_API}/current`:
      return { kind: 'explicit', build: async (actor) => (await session(actor), req(route.path)) };
    case `GET ${REGISTER_API}/:id`:
      return { kind: 'explicit', build: async (actor) => req(at(await session(actor))) };
    case `POST ${REGISTER_API}`:
      return {
        kind: 'explicit',
        build: async (actor) => {
          const userId = await userOf(actor);
          await ctx.h.db.update(registerSessions).set({ status: 'closed', closed_at: new Date(), closing: [], difference: 0 }).where(and(eq(registerSessions.opened_by, userId), eq(registerSessions.status, 'open')));
          return req(route.path, { opening_float: 5_000 });
        },
      };
    case `POST ${REGISTER_API}/:id/cash`:
      return { kind: 'explicit', build: async (actor) => req(at(await session(actor), '/cash'), { direction: 'in', amount: 100, reason: 'Coins from the bank' }) };
    case `POST ${REGISTER_API}/:id/close`:
      return {
        kind: 'explicit',
        build: async (actor) => {
          const id = await session(actor);
          const { methods } = await showRegister(ctx.h.db, id);
          return req(at(id, '/close'), { counted: methods.map((m) => ({ method: m.method, amount: m.expected })) });
        },
      };
    default:
      return undefined;
  }
}

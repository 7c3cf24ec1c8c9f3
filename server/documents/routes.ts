import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { formatAmount } from '../../domain/format.ts';
import { websiteSetting } from '../../domain/resources/settings.ts';
import { shopFrom } from '../auth/shop.ts';
import { settings } from '../db/schema.ts';
import type { ListQuery } from '../../domain/list-query.ts';
import type { ColumnDef, Row } from '../../domain/resource.ts';
import { EXPORT_MAX, explainWriteError, listOrder, listPage, listWhere, parseId, selectRows, type ListView } from '../crud/index.ts';
import { toCsv } from '../crud/csv.ts';
import type { Db, Tx } from '../db/index.ts';
import type { Permission } from '../../domain/permissions.ts';
import { route, type AppContext, type AuthState, type RouteAccess, type RouteDef } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { etagOf, gone, type Actor, type AnyKind } from './engine.ts';
import { clientAddress } from '../http/client.ts';
import { idempotent, type Answer, type ClientKey } from './idempotency.ts';

/**
 * One route factory for every document kind: list, CSV export, show, create, update and one
 * route per action, each write exactly once per client key (./idempotency.ts), its database
 * refusals explained (explainWriteError), and answered `{ data, message, etag }` with the
 * document as it is now, read in the write's own transaction (so a replayed answer is the
 * first one). A kind with versions (purchases) sends ETags and honours If-Match.
 */

type Doc = Record<string, unknown> & { id: number };

/** An amount in an answer's sentence as the app shows money (domain/format.ts formatAmount): in the shop's currency, "$500.00". */
export type Money = (cents: number) => string;

/**
 * The shop's currency as a Money: the session's (read with it, in the one statement that checks
 * it), or for a write without one (the website's public order) the website setting's, read in the
 * write's transaction.
 */
async function moneyOf(c: AppContext, tx: Tx): Promise<Money> {
  let currency = (c.var.auth as AuthState | undefined)?.shop.currency;
  if (!currency) {
    const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, websiteSetting.key));
    currency = shopFrom(row?.value).currency;
  }
  return (cents) => formatAmount(cents, { currency, locale: 'en-US' });
}

/** A payment's sentence, for every kind that is paid: what is still due, or paid. */
export const paymentMessage = (d: { reference: string | null; due: number }, money: Money) => (d.due > 0 ? `Payment recorded on ${d.reference}; ${money(d.due)} still due.` : `Payment recorded: ${d.reference} is paid.`);

/** A write: its body, the right it needs, a line for the API reference and the sentence it answers with. */
interface Write<B extends z.ZodType, D> {
  body: B;
  right: RouteAccess;
  summary: string;
  /** `money`: amounts as the app shows them, in the shop's currency. */
  message(doc: D, body: z.output<B>, money: Money): string;
}

export interface ActionRoute<B extends z.ZodType, D> extends Write<B, D> {
  /** The path after /:id/ (default: the action's name). */
  path?: string;
  /** 201 for an action that records something new (a payment); default 200. */
  status?: 200 | 201;
  run(tx: Tx, id: number, body: z.output<B>, actor: Actor): Promise<unknown>;
  /** The answer's document, when the action made another one (a quotation converted: the sale it became); default this document. */
  answer?(tx: Tx, doc: D): Promise<Record<string, unknown>>;
}

export interface DocumentRoutes<D extends Doc> {
  kind: AnyKind;
  api: string;
  /** The idempotency scope of each write: `${scope}.create`, `${scope}.receive`. */
  scope: string;
  show(db: Db | Tx, id: number): Promise<D>;
  /** Whether answers carry an ETag (a kind whose rows have a version). */
  etags?: boolean;
  list: {
    view: ListView;
    query: z.ZodType;
    access: RouteAccess;
    summary: string;
    show: RouteAccess;
    /** Figures over the whole filter that are not sums of a column (the sales figure), answered in `totals` beside the column sums. */
    figures?(db: Db, q: ListQuery): Promise<Record<string, number>>;
    /**
     * Documents people see only their own of (a cashier's register sessions): `column` names the
     * owner; whoever holds `all` sees everyone's. The list and export keep to the actor's rows,
     * and showing another's is a 403.
     */
    own?: { column: PgColumn; all: Permission; owner(doc: D): number };
  };
  export?: { access: RouteAccess; summary: string; columns: readonly ColumnDef[]; file: string };
  /** Absent: staff never make one (a website order is placed through the public endpoint). */
  create?: Write<z.ZodType, D> & {
    scope?: string;
    /** Where it is made, when not at `api` (the public website's orders). */
    path?: string;
    /** Checked before the body is read (a public endpoint's throttle): throws its refusal. */
    before?(c: AppContext): Promise<void>;
    /** Its refusals beyond a body's 422, for the API reference (a public endpoint's 409 and 429). */
    refusals?: Readonly<Record<number, string>>;
    /** What the answer shows of the document, when not all of it (a public endpoint's caller). */
    present?(doc: D): Record<string, unknown>;
    /** `now`: the server's clock (a website order is dated by it). */
    run(tx: Tx, body: never, actor: Actor, client: ClientKey | undefined, now: Date): Promise<{ id: number; replayed: boolean }> };
  update?: Write<z.ZodType, D> & { run(tx: Tx, id: number, body: never, actor: Actor, ifMatch: string | undefined): Promise<unknown> };
  actions?: Record<string, ActionRoute<z.ZodType, D>>;
}

/** Declares one action with its body's type checked against its `run` and `message`. */
export const action = <B extends z.ZodType, D>(a: ActionRoute<B, D>) => a as unknown as ActionRoute<z.ZodType, D>;

const actorOf = (c: AppContext): Actor => {
  // A public route has no session: its documents are made by no one on the staff.
  const auth = c.var.auth as AppContext['var']['auth'] | undefined;
  return auth ? { userId: auth.row.id, rights: auth.permissions, address: clientAddress(c) } : { userId: null, address: clientAddress(c) };
};

export function documentRoutes<D extends Doc>(d: DocumentRoutes<D>): RouteDef[] {
  const { kind, api, list } = d;
  const tag = (doc: D) => (d.etags ? { etag: etagOf(kind, doc as D & { version: number }) } : {});
  const idOf = (c: AppContext) => {
    const id = parseId(c.req.param('id'));
    if (id === undefined) throw gone(kind);
    return id;
  };
  /** A write in the engine's transaction, answered with the document as it is now. */
  const write = <B>(
    c: AppContext,
    scope: string,
    body: B,
    w: { message(doc: D, body: B, money: Money): string; present?(doc: D): Record<string, unknown>; answer?(tx: Tx, doc: D): Promise<Record<string, unknown>> },
    status: 200 | 201,
    run: (tx: Tx, client: ClientKey | undefined) => Promise<{ id: number; replayed?: boolean }>,
  ) =>
    idempotent(c, scope, body, async (tx, client): Promise<Answer> => {
      try {
        const { id, replayed } = await run(tx, client);
        const data = await d.show(tx, id);
        const message = w.message(data, body, await moneyOf(c, tx));
        const answer = w.answer ? { data: await w.answer(tx, data), message } : w.present ? { data: w.present(data), message } : { data, message, ...tag(data) };
        return { status, body: answer, ...(replayed ? { replayed } : {}) };
      } catch (e) {
        explainWriteError(e, kind.lifecycle.noun, {});
      }
    });

  /** The actor's own rows only, unless they see everyone's (list.own). */
  const sees = (c: AppContext) => !list.own || c.var.auth.permissions.has(list.own.all);
  const where = (c: AppContext, q: ListQuery): SQL | undefined => (sees(c) ? listWhere(list.view, q) : and(listWhere(list.view, q), eq(list.own!.column, c.var.auth.row.id)));
  const routes: RouteDef[] = [
    route('GET', api, list.access, {
      summary: list.summary,
      query: list.query,
      handler: async (c, input) => {
        const q = input.query() as ListQuery;
        const page = await listPage(c.var.db, list.view, q, where(c, q));
        return c.json(list.figures ? { ...page, totals: { ...page.totals, ...(await list.figures(c.var.db, q)) } } : page, 200);
      },
    }),
  ];
  const ex = d.export;
  if (ex) {
    routes.push(
      route('GET', `${api}/export`, ex.access, {
        summary: ex.summary,
        query: list.query,
        handler: async (c, input) => {
          const q = input.query() as Parameters<typeof listWhere>[1];
          const rows = (await selectRows(c.var.db, list.view).where(where(c, q)).orderBy(...listOrder(list.view, q)).limit(EXPORT_MAX)) as Row[];
          const day = c.var.now().toISOString().slice(0, 10);
          return c.body(toCsv(ex.columns, rows), 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${ex.file}-${day}.csv"` });
        },
      }),
    );
  }
  routes.push(
    route('GET', `${api}/:id`, list.show, async (c) => {
      const data = await d.show(c.var.db, idOf(c));
      if (!sees(c) && list.own!.owner(data) !== c.var.auth.row.id) throw new ApiError(403, `This ${kind.lifecycle.noun} is another person’s: you may see only your own.`, { code: 'not_yours' });
      const t = tag(data);
      return c.json({ data, ...t }, 200, t.etag ? { ETag: t.etag } : {});
    }),
  );
  const made = d.create;
  if (made) {
    routes.push(
      route('POST', made.path ?? api, made.right, {
        summary: made.summary,
        body: made.body,
        ...(made.refusals ? { refusals: made.refusals } : {}),
        handler: async (c, input) => {
          await made.before?.(c);
          const body = (await input.body()) as never;
          return write(c, made.scope ?? `${d.scope}.create`, body, made, 201, (tx, client) => made.run(tx, body, actorOf(c), client, c.var.now()));
        },
      }),
    );
  }
  const up = d.update;
  if (up) {
    routes.push(
      route('PUT', `${api}/:id`, up.right, {
        summary: up.summary,
        body: up.body,
        handler: async (c, input) => {
          const id = idOf(c);
          const body = (await input.body()) as never;
          return write(c, `${d.scope}.update`, body, up, 200, async (tx) => (await up.run(tx, id, body, actorOf(c), c.req.header('If-Match')), { id }));
        },
      }),
    );
  }
  for (const [name, a] of Object.entries(d.actions ?? {})) {
    routes.push(
      route('POST', `${api}/:id/${a.path ?? name}`, a.right, {
        summary: a.summary,
        body: a.body,
        handler: async (c, input) => {
          const id = idOf(c);
          const body = await input.body();
          return write(c, `${d.scope}.${name}`, body, a, a.status ?? 200, async (tx) => (await a.run(tx, id, body, actorOf(c)), { id }));
        },
      }),
    );
  }
  return routes;
}

import { eq, sql } from 'drizzle-orm';
import { paymentBody } from '../../domain/documents/payments.ts';
import {
  cancelBody,
  PURCHASE_ACTION_RIGHTS,
  PURCHASE_RIGHTS,
  PURCHASE_STATUS_NAMES,
  PURCHASES_API,
  purchaseCreateBody,
  purchaseList,
  purchaseUpdateBody,
  receiveBody,
  returnBody,
} from '../../domain/documents/purchase.ts';
import { PAYMENT_STATUS_NAMES } from '../../domain/documents/payments.ts';
import { apiListQuery } from '../../domain/api-list-query.ts';
import { formatMoney } from '../../domain/format.ts';
import type { Row } from '../../domain/resource.ts';
import { EXPORT_MAX, explainWriteError, listOrder, listPage, listView, listWhere, parseId, selectRows, type ListSource } from '../crud/index.ts';
import { toCsv } from '../crud/csv.ts';
import { purchases, suppliers } from '../db/schema.ts';
import { route, type AppContext, type RouteDef } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { idempotent, type Answer } from './engine.ts';
import { documentTally } from './tallies.ts';
import { cancelPurchase, createPurchase, DOC_TYPE, payPurchase, purchaseEtag, receivePurchase, returnPurchase, showPurchase, updatePurchase, type Actor } from './purchases.ts';
import type { Tx } from '../db/index.ts';

const p = purchases;

/** The purchase list on the list engine: supplier name joined, what is due, totals of the money columns over the filter. */
const purchaseSource = {
  table: p,
  extra: {
    supplier_name: sql<string>`${suppliers.name}`.as('supplier_name'),
    due: sql<number>`(${p.grand_total} - ${p.paid})::float8`.as('due'),
  },
  joins: [{ table: suppliers, on: eq(suppliers.id, p.supplier_id) }],
  sort: {
    reference: p.reference,
    supplier_name: suppliers.name,
    purchased_on: p.purchased_on,
    status: p.status,
    grand_total: p.grand_total,
    paid: p.paid,
    due: sql`${p.grand_total} - ${p.paid}`,
  },
  search: [p.reference],
  filters: {
    status: (v: string) => ((PURCHASE_STATUS_NAMES as string[]).includes(v) ? sql`${p.status} = ${v}` : undefined),
    payment_status: (v: string) => ((PAYMENT_STATUS_NAMES as string[]).includes(v) ? sql`${p.payment_status} = ${v}` : undefined),
  },
  totals: { due: sql`${p.grand_total} - ${p.paid}` },
  // Count and totals from the tallies the database keeps (migration 0011) whenever the filter allows.
  tally: documentTally({ docType: DOC_TYPE, party: 'supplier_id', day: 'purchased_on' }),
} satisfies ListSource;

export const purchaseView = listView(purchaseSource, { filters: purchaseList.filters, columns: purchaseList.columns });
export const purchaseQuery = apiListQuery(purchaseList);

const actorOf = (c: AppContext): Actor => ({ userId: c.var.auth.row.id });

function idOf(c: AppContext): number {
  const id = parseId(c.req.param('id'));
  if (id === undefined) throw new ApiError(404, 'This purchase no longer exists.');
  return id;
}

/** Writes end with the purchase as it is now, in the same transaction (so a replayed answer is the first one). */
async function answer(tx: Tx, id: number, status: 200 | 201, message: (doc: Awaited<ReturnType<typeof showPurchase>>) => string): Promise<Answer> {
  const data = await showPurchase(tx, id);
  return { status, body: { data, message: message(data), etag: purchaseEtag(data) } };
}

const explained = (run: (tx: Tx) => Promise<Answer>) => async (tx: Tx) => {
  try {
    return await run(tx);
  } catch (e) {
    explainWriteError(e, 'purchase', {});
  }
};

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

export const purchaseRoutes: RouteDef[] = [
  route('GET', PURCHASES_API, PURCHASE_RIGHTS.list, {
    summary: 'List purchases: filter by supplier, status, payment status and date range (purchased_on_from, purchased_on_to); totals of the filter',
    query: purchaseQuery,
    handler: async (c, input) => {
      const q = input.query();
      return c.json(await listPage(c.var.db, purchaseView, q, listWhere(purchaseView, q)), 200);
    },
  }),

  route('GET', `${PURCHASES_API}/export`, PURCHASE_RIGHTS.export, {
    summary: 'Export purchases as CSV (the filtered, sorted list)',
    query: purchaseQuery,
    handler: async (c, input) => {
      const q = input.query();
      const rows = (await selectRows(c.var.db, purchaseView).where(listWhere(purchaseView, q)).orderBy(...listOrder(purchaseView, q)).limit(EXPORT_MAX)) as Row[];
      const day = c.var.now().toISOString().slice(0, 10);
      return c.body(toCsv(purchaseList.columns, rows), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="purchases-${day}.csv"`,
      });
    },
  }),

  route('GET', `${PURCHASES_API}/:id`, [PURCHASE_RIGHTS.list, PURCHASE_RIGHTS.edit], async (c) => {
    const data = await showPurchase(c.var.db, idOf(c));
    return c.json({ data, etag: purchaseEtag(data) }, 200, { ETag: purchaseEtag(data) });
  }),

  route('POST', PURCHASES_API, PURCHASE_RIGHTS.create, {
    summary: 'Order from a supplier (numbered PO-000001 on); receive: true receives everything at once. Idempotency-Key makes a retry safe',
    body: purchaseCreateBody,
    handler: async (c, input) => {
      const body = await input.body();
      return idempotent(
        c,
        'purchases.create',
        body,
        explained(async (tx) => {
          const id = await createPurchase(tx, body, actorOf(c));
          return answer(tx, id, 201, (d) => (body.receive ? `Purchase ${d.reference} recorded and received.` : `Purchase ${d.reference} ordered.`));
        }),
      );
    },
  }),

  route('PUT', `${PURCHASES_API}/:id`, PURCHASE_ACTION_RIGHTS.edit, {
    summary: 'Change an ordered purchase (nothing received yet): header and lines replaced whole; If-Match guards against lost updates',
    body: purchaseUpdateBody,
    handler: async (c, input) => {
      const id = idOf(c);
      const body = await input.body();
      return idempotent(
        c,
        'purchases.update',
        body,
        explained(async (tx) => {
          await updatePurchase(tx, id, body, actorOf(c), c.req.header('If-Match'));
          return answer(tx, id, 200, (d) => `Purchase ${d.reference} updated.`);
        }),
      );
    },
  }),

  route('POST', `${PURCHASES_API}/:id/receive`, PURCHASE_ACTION_RIGHTS.receive, {
    summary: 'Receive some lines (with one serial per unit for serial-tracked products) or, without lines, everything still to come; exactly once per Idempotency-Key',
    body: receiveBody,
    handler: async (c, input) => {
      const id = idOf(c);
      const body = await input.body();
      return idempotent(
        c,
        'purchases.receive',
        body,
        explained(async (tx) => {
          await receivePurchase(tx, id, body, actorOf(c));
          return answer(tx, id, 200, (d) => {
            const left = d.lines.reduce((s, l) => s + l.to_receive, 0);
            return left ? `Received on ${d.reference}; ${units(left)} still to come.` : `Purchase ${d.reference} received in full.`;
          });
        }),
      );
    },
  }),

  route('POST', `${PURCHASES_API}/:id/return`, PURCHASE_ACTION_RIGHTS.return, {
    summary: 'Return goods to the supplier: stock out through the ledger (409 naming the product when they have gone since)',
    body: returnBody,
    handler: async (c, input) => {
      const id = idOf(c);
      const body = await input.body();
      return idempotent(
        c,
        'purchases.return',
        body,
        explained(async (tx) => {
          await returnPurchase(tx, id, body, actorOf(c));
          const n = body.lines.reduce((s, l) => s + l.quantity, 0);
          return answer(tx, id, 200, (d) => `${units(n)} of ${d.reference} returned to ${d.supplier_name}.`);
        }),
      );
    },
  }),

  route('POST', `${PURCHASES_API}/:id/cancel`, PURCHASE_ACTION_RIGHTS.cancel, {
    summary: 'Cancel what has not come yet (a purchase keeps its number: deleting one would leave a gap in the series)',
    body: cancelBody,
    handler: async (c, input) => {
      const id = idOf(c);
      const body = await input.body();
      return idempotent(
        c,
        'purchases.cancel',
        body,
        explained(async (tx) => {
          await cancelPurchase(tx, id, body.note, actorOf(c));
          return answer(tx, id, 200, (d) => `Purchase ${d.reference} cancelled.`);
        }),
      );
    },
  }),

  route('POST', `${PURCHASES_API}/:id/payments`, PURCHASE_ACTION_RIGHTS.pay, {
    summary: 'Record a payment to the supplier (date, amount, method, note); never more than is due',
    body: paymentBody,
    handler: async (c, input) => {
      const id = idOf(c);
      const body = await input.body();
      return idempotent(
        c,
        'purchases.pay',
        body,
        explained(async (tx) => {
          await payPurchase(tx, id, body, actorOf(c));
          return answer(tx, id, 201, (d) => (d.due > 0 ? `Payment recorded on ${d.reference}; ${formatMoney(d.due)} still due.` : `Payment recorded: ${d.reference} is paid.`));
        }),
      );
    },
  }),
];

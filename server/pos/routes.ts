import { apiListQuery } from '../../domain/api-list-query.ts';
import { formatMoney } from '../../domain/format.ts';
import {
  cashMovementBody,
  catalogueQuery,
  CASH_DIRECTIONS,
  POS_CATALOGUE_API,
  POS_RIGHT,
  POS_TERMS_API,
  REGISTER_ALL_RIGHT,
  REGISTER_API,
  REGISTER_STATUS_NAMES,
  registerCloseBody,
  registerList,
  registerOpenBody,
  type RegisterSession,
} from '../../domain/pos/till.ts';
import { listView } from '../crud/index.ts';
import { registerSessions, users } from '../db/schema.ts';
import { route, type RouteDef } from '../http/context.ts';
import { documentSource } from '../documents/list-source.ts';
import { action, documentRoutes } from '../documents/routes.ts';
import { cataloguePage } from './catalogue.ts';
import { closeRegister, currentRegister, moveCash, openRegister, REGISTER_DOC_TYPE, registerKind, showRegister } from './registers.ts';
import { posTerms } from './terms.ts';

/**
 * The till's own routes (domain/pos/till.ts): its terms, its catalogue sync, and register
 * sessions on the document route factory. The till's sales and returns go through the sale
 * routes (server/documents/sale-routes.ts), naming their session.
 */

const registerView = listView(
  documentSource({
    table: registerSessions,
    docType: REGISTER_DOC_TYPE,
    statuses: REGISTER_STATUS_NAMES,
    party: { table: users, column: registerSessions.opened_by, as: 'opened_by_name' },
    day: registerSessions.opened_on,
  }),
  { filters: registerList.filters, columns: registerList.columns },
);

const difference = (d: RegisterSession) => (d.difference === 0 ? 'no difference' : d.difference! > 0 ? `${formatMoney(d.difference!)} over` : `${formatMoney(-d.difference!)} short`);

export const posRoutes: RouteDef[] = [
  route('GET', POS_TERMS_API, POS_RIGHT, {
    summary: 'The till’s terms: the shop, the default customer and their discount, tax, payment methods, receipt header and footer, scale label prefixes',
    handler: async (c) => c.json({ data: await posTerms(c.var.db) }, 200),
  }),
  route('GET', POS_CATALOGUE_API, POS_RIGHT, {
    summary:
      'The till’s catalogue: without `since`, every active product page by page; with the last answer’s cursor, what changed since (products, on hand, retired ids). Ask again at once while `more`',
    query: catalogueQuery,
    handler: async (c, input) => c.json(await cataloguePage(c.var.db, input.query()), 200),
  }),
  // Before the factory's /:id, so `current` is not read as an id.
  route('GET', `${REGISTER_API}/current`, POS_RIGHT, {
    summary: 'The signed-in person’s open register session (404 when none is open)',
    handler: async (c) => c.json({ data: await currentRegister(c.var.db, c.var.auth.row.id) }, 200),
  }),
  ...documentRoutes<RegisterSession & Record<string, unknown>>({
    kind: registerKind,
    api: REGISTER_API,
    scope: 'register',
    show: showRegister as never,
    list: {
      view: registerView,
      query: apiListQuery(registerList),
      // A cashier sees their own sessions; whoever holds `pos setting` everyone's.
      access: [POS_RIGHT, REGISTER_ALL_RIGHT],
      show: [POS_RIGHT, REGISTER_ALL_RIGHT],
      own: { column: registerSessions.opened_by, all: REGISTER_ALL_RIGHT, owner: (d) => d.opened_by.id },
      summary: 'List register sessions: filter by cashier (opened_by), status and the day opened (opened_on_from, opened_on_to); a cashier sees their own, `pos setting` everyone’s',
    },
    create: {
      body: registerOpenBody,
      right: POS_RIGHT,
      summary: 'Open your register session with the float counted in the drawer (numbered RS-000001 on); 409 naming the one you have open. Idempotency-Key makes a retry safe',
      refusals: { 409: 'You have a register session open already' },
      run: (tx, body, actor, client) => openRegister(tx, body, actor, client),
      message: (d) => `Register session ${d.reference} opened with ${formatMoney(d.opening_float)} in the drawer.`,
    },
    actions: {
      cash: action({
        status: 201,
        body: cashMovementBody,
        right: POS_RIGHT,
        summary: 'Put cash into or take it out of the drawer, with a reason: only in your own open session',
        run: moveCash,
        message: (d: RegisterSession & Record<string, unknown>, b) => `${CASH_DIRECTIONS[b.direction]} of ${formatMoney(b.amount)} recorded on ${d.reference}.`,
      }),
      close: action({
        body: registerCloseBody,
        // The cashier closes their own; a manager (`pos setting`) one someone left open.
        right: [POS_RIGHT, REGISTER_ALL_RIGHT],
        summary:
          'Close a register session: what was counted per method against what was expected (opening float + sales − refunds ± cash in and out), the difference and who closed it recorded. Your own, or with `pos setting` anyone’s left open',
        run: closeRegister,
        message: (d: RegisterSession & Record<string, unknown>) => `Register session ${d.reference} closed: ${difference(d)}.`,
      }),
    },
  }),
];

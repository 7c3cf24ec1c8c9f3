import { apiListQuery } from '../../domain/api-list-query.ts';
import { QUOTATION_ACTION_RIGHTS, QUOTATION_RIGHTS, QUOTATION_STATUS_NAMES, QUOTATIONS_API, quotationBody, quotationList, quotationStepBody, type QuotationBody } from '../../domain/documents/quotation.ts';
import { sql } from 'drizzle-orm';
import { listView } from '../crud/index.ts';
import { customers, quotations } from '../db/schema.ts';
import type { Actor } from './engine.ts';
import { documentSource } from './list-source.ts';
import { answerQuotation, convertQuotation, createQuotation, DOC_TYPE, quotationKind, sendQuotation, showQuotation, statusNow, updateQuotation } from './quotations.ts';
import { action, documentRoutes } from './routes.ts';
import { showSale } from './sales.ts';

/** The quotation list: the customer's name joined; the status shown, sorted and filtered as it is today (a sent one past its day: expired). */
const base = documentSource({ table: quotations, docType: DOC_TYPE, statuses: QUOTATION_STATUS_NAMES, party: { table: customers, column: quotations.customer_id, as: 'customer_name' }, day: quotations.quoted_on });
const quotationSource = {
  ...base,
  extra: { ...base.extra, status: statusNow.as('status') },
  sort: { ...base.sort, status: statusNow },
  filters: { ...base.filters, status: (v: string) => ((QUOTATION_STATUS_NAMES as string[]).includes(v) ? sql`${statusNow} = ${v}` : undefined) },
};

export const quotationView = listView(quotationSource, { filters: quotationList.filters, columns: quotationList.columns });
export const quotationQuery = apiListQuery(quotationList);

type Shown = Awaited<ReturnType<typeof showQuotation>>;
type Step = (tx: Parameters<typeof sendQuotation>[0], id: number, note: string | null | undefined, actor: Actor) => Promise<unknown>;

/** A lifecycle step: its body (a note), right, one line for the API reference and what the answer says. */
const step = (name: 'send' | 'accept' | 'reject', run: Step, summary: string, done: string) =>
  action({ path: name, body: quotationStepBody, right: QUOTATION_ACTION_RIGHTS[name], summary, run: (tx, id, body, actor) => run(tx, id, body.note, actor), message: (d: Shown) => `Quotation ${d.reference} ${done}.` });

export const quotationRoutes = documentRoutes<Shown>({
  kind: quotationKind,
  api: QUOTATIONS_API,
  scope: 'quotations',
  show: showQuotation,
  etags: true,
  list: {
    view: quotationView,
    query: quotationQuery,
    access: QUOTATION_RIGHTS.list,
    show: [QUOTATION_RIGHTS.list, QUOTATION_RIGHTS.create],
    summary: 'List quotations: filter by customer, status (expired: sent and past its valid-until day) and date range (quoted_on_from, quoted_on_to); totals of the filter',
  },
  export: { access: QUOTATION_RIGHTS.list, summary: 'Export quotations as CSV (the filtered, sorted list)', columns: quotationList.columns, file: 'quotations' },
  create: {
    body: quotationBody,
    right: QUOTATION_RIGHTS.create,
    summary: 'Write a quotation (a draft, numbered QT-000001 on): priced from the catalogue as a sale; valid for 30 days unless valid_until says otherwise. It moves no stock. Idempotency-Key makes a retry safe',
    run: (tx, body: QuotationBody, actor, client) => createQuotation(tx, body, actor, client),
    message: (d, _body, money) => `Quotation ${d.reference} saved as a draft, ${money(d.grand_total)}.`,
  },
  update: {
    body: quotationBody,
    right: QUOTATION_ACTION_RIGHTS.edit,
    summary: 'Change a draft quotation: header and lines replaced whole, priced again; If-Match guards against lost updates',
    run: updateQuotation,
    message: (d) => `Quotation ${d.reference} updated.`,
  },
  actions: {
    send: step('send', sendQuotation, 'Send a draft to the customer (refused under valid_until once its day is past)', 'sent'),
    accept: step('accept', answerQuotation('accept'), 'The customer accepted a sent quotation (refused once it has expired)', 'accepted'),
    reject: step('reject', answerQuotation('reject'), 'The customer turned a sent quotation down', 'rejected'),
    convert: action({
      body: quotationStepBody,
      right: QUOTATION_ACTION_RIGHTS.convert,
      summary: 'Convert an accepted quotation into ONE pending sale: answers with the sale (completing it needs “sales create”). A second convert is a 409 naming that sale',
      run: (tx, id, body, actor) => convertQuotation(tx, id, body.note, actor),
      answer: (tx, d: Shown) => showSale(tx, d.sale!.id),
      message: (d: Shown) => `Quotation ${d.reference} converted: sale ${d.sale?.reference} is pending.`,
    }),
  },
});

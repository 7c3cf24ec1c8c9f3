import { returnValue, saleBalance, saleLifecycle, type SaleReturnBody } from '../../domain/documents/sale.ts';
import type { DocumentTotals } from '../../domain/documents/totals.ts';
import { formatMoney } from '../../domain/format.ts';
import type { Tx } from '../db/index.ts';
import { saleLines, saleReturnLines } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';
import { post } from '../stock/ledger.ts';
import { act, create, type Actor } from './engine.ts';
import { RETURN_DOC_TYPE, saleReturnKind } from './sale-return-kind.ts';
import { addToLines, checkSerialCounts, checkSerialsCameIn, insertLines, linesWithProducts, movedData, resolveMoving } from './lines.ts';
import { issueCreditNote } from './invoices.ts';
import { recordPayments } from './payments.ts';
import { checkMethods } from './sale-terms.ts';
import { holdTillSession } from '../pos/registers.ts';
import { DOC_TYPE as SALE_DOC_TYPE, saleKind } from './sales.ts';

/**
 * Sale returns on the document engine: the sale's `return` action (locked, its lifecycle
 * checked: only a completed sale) creates a return document (SR-, numbered last, with its own
 * history), whose lines name the sale lines and never take back more than was sold less what
 * came back already (422 under `lines.N.quantity`; a CHECK on sale_lines holds it too). Stock
 * and serials come back through the ledger at the cost each line's units left at; refunds are
 * document_payments rows of the return, by the shop's methods. The return's value is the sale's
 * totals lost by it (domain/documents/sale.ts returnValue, the one totals function).
 */

type SaleLineRow = typeof saleLines.$inferSelect;
const saleLineTable = { table: saleLines, parent: 'sale_id' };
const returnLineTable = { table: saleReturnLines, parent: 'return_id' };

/**
 * What a credit note for a return needs, made inside the return's transaction: the sale and
 * return it corrects, each returned line (quantity, unit price, tax rate, and what it is worth
 * by the totals function) and the return's totals. The lead's wiring passes it to
 * `issueCreditNote` (server/documents/invoices.ts) when the sale was invoiced.
 */
export interface ReturnedValue {
  saleId: number;
  returnId: number;
  returnedOn: string;
  pricesIncludeTax: boolean;
  lines: { sale_line_id: number; product_id: number; quantity: number; unit_price: number; tax_bps: number; discount: number; net: number; tax: number; total: number }[];
  totals: DocumentTotals;
}

/**
 * Returns goods of a completed sale, in the caller's one transaction: answers the return's id
 * and the value a credit note takes.
 */
export async function returnSale(tx: Tx, saleId: number, body: SaleReturnBody, actor: Actor): Promise<{ returnId: number; value: ReturnedValue }> {
  let value: ReturnedValue | undefined;
  await act(saleKind, tx, saleId, 'return', actor, async (sale) => {
    if (body.returned_on < sale.sold_on) throw validationError({ returned_on: [`Goods cannot come back before they were sold (${sale.reference} was sold on ${sale.sold_on}). Choose that day or later.`] });
    const { lines: all, names, serial } = await linesWithProducts<SaleLineRow>(tx, saleLineTable, saleId);
    const moving = resolveMoving(saleLifecycle.noun, all, body.lines, (l) => l.quantity - l.returned, (n) => `Only ${n} can come back.`, names);
    checkSerialCounts(moving, serial, names);
    await checkSerialsCameIn(tx, moving, names, { type: SALE_DOC_TYPE, id: saleId, noun: saleLifecycle.noun, way: 'out' });
    await checkMethods(tx, 'refunds', body.refunds);
    const returning = all.map((l) => moving.filter((m) => m.line.id === l.id).reduce((s, m) => s + m.quantity, 0));
    const worth = returnValue(sale, all, returning);
    const refund = body.refunds.reduce((s, r) => s + r.amount, 0);
    // What the shop owes the customer once these goods are back: what may be refunded now.
    const owed = Math.max(0, -saleBalance({ ...sale, returned_total: sale.returned_total + worth.grandTotal }));
    if (refund > owed) {
      throw validationError({
        [`refunds.${body.refunds.length - 1}.amount`]: [owed === 0 ? 'Nothing is owed to the customer for this return (it was not paid for): leave the refunds out.' : `At most ${formatMoney(owed)} can be refunded for this return; lower the refunds to that.`],
      });
    }
    // Refunded at the till: from the returner's own open register session, whose expected cash it lowers.
    if (body.register_session_id != null) await holdTillSession(tx, body.register_session_id, actor);
    const header = { sale_id: saleId, register_session_id: body.register_session_id ?? null, returned_on: body.returned_on, note: body.note ?? null, subtotal: worth.subtotal, tax_total: worth.lineTax + worth.documentTax, grand_total: worth.grandTotal, refunded: refund, created_by: actor.userId };
    const made = await create(saleReturnKind, tx, actor, header, undefined, async (ret) => {
      const rows = moving.map((m) => {
        const t = worth.lines[all.indexOf(m.line)]!;
        return { sale_line_id: m.line.id, product_id: m.line.product_id, quantity: m.quantity, unit_price: m.line.unit_price, unit_cost: m.line.unit_cost, discount: t.discount, tax_bps: m.line.tax_bps, net: t.net, tax: t.tax, total: t.total };
      });
      const lines = await insertLines<typeof saleReturnLines.$inferSelect>(tx, returnLineTable, ret.id, rows);
      await addToLines(tx, saleLineTable, 'returned', moving);
      await post(tx, {
        kind: 'sale_return',
        lines: moving.map((m, i) => ({ productId: m.line.product_id, quantity: m.quantity, unitCost: m.line.unit_cost, serials: m.serials, sourceLineId: lines[i]!.id, path: m.path })),
        source: { type: RETURN_DOC_TYPE, id: ret.id },
        userId: actor.userId,
        note: `returned on ${sale.reference}`,
        at: actor.at,
      });
      await recordPayments(saleReturnKind, tx, ret.id, body.refunds.map((r) => ({ ...r, paid_on: body.returned_on })), actor);
      value = { saleId, returnId: ret.id, returnedOn: body.returned_on, pricesIncludeTax: sale.prices_include_tax, lines: rows.map(({ unit_cost: _c, ...r }) => r), totals: worth };
      return { note: body.note, data: movedData(moving) };
    });
    return {
      set: { returned_total: sale.returned_total + worth.grandTotal, refunded: sale.refunded + refund },
      note: body.note,
      data: { return_id: made.id, value: worth.grandTotal, refunded: refund, ...movedData(moving) },
    };
  });
  return { returnId: value!.returnId, value: value! };
}

/**
 * A return as the shop makes it, the API's and the demo seed's one path: the goods back
 * (returnSale) and, when the sale was invoiced, its credit note (CN-), in the same transaction.
 */
export const returnGoods = async (tx: Tx, saleId: number, body: SaleReturnBody, actor: Actor) => issueCreditNote(tx, (await returnSale(tx, saleId, body, actor)).value, actor);

import type { Tx } from '../db/index.ts';
import { post } from '../stock/ledger.ts';
import type { Actor } from './engine.ts';
import { setOnLines, type LineTable } from './lines.ts';

/**
 * Stock leaving for a document's sold lines, and coming back when that document is undone, for
 * every kind that sells (a sale, a website order): through the ledger in the caller's one
 * transaction, each line keeping the average cost its units left at.
 */

interface SoldLine {
  id: number;
  product_id: number;
  quantity: number;
  unit_cost: number;
}

/**
 * Stock out for `rows` (409 naming the product and what is available, under `lines.N.quantity`,
 * when there is not enough); each line then keeps the average cost its units left at.
 */
export async function takeStock(
  tx: Tx,
  kind: { docType: string; lines: LineTable },
  doc: { id: number },
  rows: readonly SoldLine[],
  serialsOf: (i: number) => readonly string[] | undefined,
  actor: Actor,
  note = 'sold',
): Promise<void> {
  const moved = await post(tx, {
    kind: 'sale',
    lines: rows.map((l, i) => ({ productId: l.product_id, quantity: -l.quantity, serials: serialsOf(i), sourceLineId: l.id, path: `lines.${i}` })),
    source: { type: kind.docType, id: doc.id },
    userId: actor.userId,
    note,
    at: actor.at,
  });
  await setOnLines(tx, kind.lines, 'unit_cost', new Map(rows.map((l, i) => [l.id, moved[i]!.unitCost])));
}

/** The stock of `rows` back in, each line at the cost it left at (a cancelled order). */
export async function giveStockBack(tx: Tx, kind: { docType: string }, doc: { id: number }, rows: readonly SoldLine[], actor: Actor, note: string): Promise<void> {
  await post(tx, {
    kind: 'sale_return',
    lines: rows.map((l, i) => ({ productId: l.product_id, quantity: l.quantity, unitCost: l.unit_cost, sourceLineId: l.id, path: `lines.${i}` })),
    source: { type: kind.docType, id: doc.id },
    userId: actor.userId,
    note,
    at: actor.at,
  });
}

import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../db/index.ts';
import { products, serials, stockMovements } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';
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

/** The serial numbers row i names, and where errors about it go (`lines.N`, N its index in the request body). */
export type NamedSerials = (i: number) => { serials: readonly string[] | undefined; path: string };

/**
 * Stock out for `rows` (409 naming the product and what is available, under `lines.N.quantity`,
 * when there is not enough; a serial not in stock of that product, or not one per unit, under
 * `lines.N.serials`); each line then keeps the average cost its units left at.
 */
export async function takeStock(
  tx: Tx,
  kind: { docType: string; lines: LineTable },
  doc: { id: number },
  rows: readonly SoldLine[],
  named: NamedSerials,
  actor: Actor,
  note = 'sold',
): Promise<void> {
  const moved = await post(tx, {
    kind: 'sale',
    lines: rows.map((l, i) => ({ productId: l.product_id, quantity: -l.quantity, serials: named(i).serials, sourceLineId: l.id, path: named(i).path })),
    source: { type: kind.docType, id: doc.id },
    userId: actor.userId,
    note,
    at: actor.at,
  });
  await setOnLines(tx, kind.lines, 'unit_cost', new Map(rows.map((l, i) => [l.id, moved[i]!.unitCost])));
}

/** A body's lines as they are (a sale posted with its lines): row i is body line i. */
export const asSent =
  (serialsOf: (i: number) => readonly string[] | undefined): NamedSerials =>
  (i) => ({ serials: serialsOf(i), path: `lines.${i}` });

/**
 * The serials a complete or a process names (`lines: [{ line_id, serials }]`, domain/documents/
 * lines.ts serialLines) for the document's lines `rows`: each named line must be one of them
 * (else 422 under `lines.N.line_id`) and a serial-tracked line must be named (else 422 under
 * `lines`, naming the product). Errors about a named line then go under its place in the body,
 * about another (not enough of an untracked product) under its place on the document: a client
 * that sends every line in the document's order (the Complete and Process panels do) gets both
 * under the same index.
 */
export async function namedSerials(tx: Tx, rows: readonly SoldLine[], sent: readonly { line_id: number; serials: readonly string[] }[], noun: string): Promise<NamedSerials> {
  const ids = new Set(rows.map((l) => l.id));
  const stray = sent.findIndex((l) => !ids.has(l.line_id));
  if (stray >= 0) throw validationError({ [`lines.${stray}.line_id`]: [`This is not a line of this ${noun}: reload it and pick again.`] });
  const at = new Map(sent.map((l, i) => [l.line_id, i]));
  const tracked = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(inArray(products.id, [...new Set(rows.map((l) => l.product_id))]), eq(products.tracks_serials, true)));
  const missing = rows.find((l) => !at.has(l.id) && tracked.some((p) => p.id === l.product_id));
  if (missing) {
    const p = tracked.find((t) => t.id === missing.product_id)!;
    throw validationError({ lines: [`“${p.name}” tracks serial numbers: name one per unit of its line (${missing.quantity}).`] });
  }
  return (i) => {
    const n = at.get(rows[i]!.id);
    return n === undefined ? { serials: undefined, path: `lines.${i}` } : { serials: sent[n]!.serials, path: `lines.${n}` };
  };
}

/** The serial numbers each of a document's lines took out and that have not come back, by line. */
async function serialsOutBy(tx: Tx, docType: string, docId: number): Promise<Map<number, string[]>> {
  const rows = await tx
    .select({ line: stockMovements.source_line_id, serial: serials.serial })
    .from(serials)
    .innerJoin(stockMovements, eq(stockMovements.id, serials.out_movement_id))
    .where(and(eq(stockMovements.source_type, docType), eq(stockMovements.source_id, docId), ne(serials.state, 'in_stock')));
  const by = new Map<number, string[]>();
  for (const r of rows) if (r.line !== null) by.set(r.line, [...(by.get(r.line) ?? []), r.serial]);
  return by;
}

/** The stock of `rows` back in, each line at the cost it left at, with the serials it took out (a cancelled order). */
export async function giveStockBack(tx: Tx, kind: { docType: string }, doc: { id: number }, rows: readonly SoldLine[], actor: Actor, note: string): Promise<void> {
  const out = await serialsOutBy(tx, kind.docType, doc.id);
  await post(tx, {
    kind: 'sale_return',
    lines: rows.map((l, i) => ({ productId: l.product_id, quantity: l.quantity, unitCost: l.unit_cost, serials: out.get(l.id), sourceLineId: l.id, path: `lines.${i}` })),
    source: { type: kind.docType, id: doc.id },
    userId: actor.userId,
    note,
    at: actor.at,
  });
}

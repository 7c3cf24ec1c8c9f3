import { sql, type SQL } from 'drizzle-orm';
import { SALE_RETURN_PREFIX, saleReturnLifecycle } from '../../domain/documents/sale.ts';
import { saleReturnLines, saleReturns } from '../db/schema.ts';
import { isoJson, postedKind } from './engine.ts';
import { paymentsJson } from './payments.ts';

/** The sale return kind (SR-, created posted) and how a sale's answer shows its returns: apart from ./sale-returns.ts, which acts on sales, so a sale's answer can read them. */

export const RETURN_DOC_TYPE = 'sale_return';

type ReturnRow = typeof saleReturns.$inferSelect;

export const saleReturnKind = postedKind<ReturnRow>({ docType: RETURN_DOC_TYPE, lifecycle: saleReturnLifecycle, prefix: SALE_RETURN_PREFIX, table: saleReturns });

/** A sale's returns as one JSON array, oldest first, each with its lines and refunds (a subquery of the sale's row, `saleId` its id). */
export const returnsJson = (saleId: SQL) => sql<unknown>`(
  select coalesce(json_agg(json_build_object('id', r.id, 'reference', r.reference, 'returned_on', r.returned_on, 'note', r.note,
    'subtotal', r.subtotal, 'tax_total', r.tax_total, 'grand_total', r.grand_total, 'refunded', r.refunded,
    'created_at', ${isoJson(sql`r.created_at`)},
    'lines', (select coalesce(json_agg(json_build_object('id', rl.id, 'sale_line_id', rl.sale_line_id, 'product_id', rl.product_id,
        'quantity', rl.quantity, 'unit_price', rl.unit_price, 'unit_cost', rl.unit_cost, 'discount', rl.discount, 'tax_bps', rl.tax_bps,
        'net', rl.net, 'tax', rl.tax, 'total', rl.total) order by rl.position), '[]') from ${saleReturnLines} rl where rl.return_id = r.id),
    'refunds', ${paymentsJson(RETURN_DOC_TYPE, sql`r.id`)}) order by r.id), '[]')
  from ${saleReturns} r where r.sale_id = ${saleId})`;

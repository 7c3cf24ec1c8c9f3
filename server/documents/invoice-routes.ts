import { INVOICE_RIGHTS, ISSUED_KINDS, type IssuedKind } from '../../domain/documents/invoice.ts';
import { parseId } from '../crud/index.ts';
import { route, type RouteDef } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { issuedPdf } from './invoice-pdf.ts';
import { showIssued } from './invoices.ts';

/**
 * Reading issued documents: each kind (invoice, credit note) as JSON and as an A4 PDF, for who
 * may see sales or website orders. Nothing writes them here: they are issued by the sale (and
 * order, return) services, inside their own transactions.
 */
export const invoiceRoutes: RouteDef[] = (Object.keys(ISSUED_KINDS) as IssuedKind[]).flatMap((kind) => {
  const { api, title } = ISSUED_KINDS[kind];
  const load = (c: { req: { param(name: string): string | undefined }; var: { db: never } }) => {
    const id = parseId(c.req.param('id'));
    if (id === undefined) throw new ApiError(404, `This ${title.toLowerCase()} does not exist.`);
    return showIssued[kind](c.var.db, id);
  };
  return [
    route('GET', `${api}/:id`, INVOICE_RIGHTS, {
      summary: `Read a ${title.toLowerCase()} as issued (shop, customer, lines, tax per rate, totals), with payments and balance due read live`,
      handler: async (c) => c.json({ data: await load(c as never) }, 200),
    }),
    route('GET', `${api}/:id/pdf`, INVOICE_RIGHTS, {
      summary: `Download a ${title.toLowerCase()} as an A4 PDF (selectable text, page numbers, column headers on every page)`,
      handler: async (c) => {
        const doc = await load(c as never);
        const body = await issuedPdf(doc);
        return c.body(new Uint8Array(body), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${doc.number}.pdf"`,
          'Cache-Control': 'private, no-store',
        });
      },
    }),
  ];
});

import { eq } from 'drizzle-orm';
import { INVOICE_RIGHTS, ISSUED_KINDS, type IssuedKind } from '../../domain/documents/invoice.ts';
import { IMAGE_ID, IMAGES_API } from '../../domain/stock/image.ts';
import type { Db } from '../db/index.ts';
import { images } from '../db/schema.ts';
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
/**
 * The shop's logo for the PDF, when it is an image uploaded here (/api/v1/images/{id}): as a PNG
 * at most 240 px high (pdfkit draws JPEG and PNG; uploads may be WebP). A logo elsewhere on the
 * web is not fetched by the server: the PDF then goes without it.
 */
async function logoOf(db: Db, url: string | null): Promise<Buffer | undefined> {
  const id = url?.startsWith(`${IMAGES_API}/`) ? url.slice(IMAGES_API.length + 1) : '';
  if (!IMAGE_ID.test(id)) return undefined;
  const [row] = await db.select({ data: images.data }).from(images).where(eq(images.id, id));
  if (!row) return undefined;
  const sharp = (await import('sharp')).default;
  return sharp(row.data as Uint8Array).resize({ height: 240, withoutEnlargement: true }).png().toBuffer();
}

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
        const body = await issuedPdf(doc, await logoOf(c.var.db, doc.shop.logo));
        return c.body(new Uint8Array(body), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${doc.number}.pdf"`,
          'Cache-Control': 'private, no-store',
        });
      },
    }),
  ];
});

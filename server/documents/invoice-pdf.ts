import PDFDocument from 'pdfkit';
import { ISSUED_KINDS, type IssuedShown } from '../../domain/documents/invoice.ts';
import { formatAmount } from '../../domain/format.ts';

/**
 * An invoice or a credit note as an A4 PDF, made with pdfkit and its built-in standard fonts
 * (Helvetica): real text, so it can be selected and searched, and nothing to download or run.
 * Each line is one row (a long description wraps inside it), moved whole to the next page when
 * it does not fit, so no line is ever split across pages; the column headers are drawn again at
 * the top of every page; the tax breakdown and totals are kept
 * together (moved to a new page when they do not fit); every page is numbered "Page i of n" and
 * carries the document's number.
 */

const A4 = { width: 595.28, height: 841.89 };
const M = 40;
const ROW = 16;
const FOOTER = 30;
const BOTTOM = A4.height - M - FOOTER;
const RIGHT = A4.width - M;

/** Columns: x of their left edge, width, alignment. */
const COLS = [
  { key: 'n', label: '#', x: M, w: 22, align: 'left' },
  { key: 'name', label: 'Description', x: M + 24, w: 206, align: 'left' },
  { key: 'quantity', label: 'Qty', x: M + 232, w: 36, align: 'right' },
  { key: 'unit_price', label: 'Unit price', x: M + 272, w: 66, align: 'right' },
  { key: 'discount', label: 'Discount', x: M + 340, w: 56, align: 'right' },
  { key: 'tax', label: 'Tax', x: M + 398, w: 40, align: 'right' },
  { key: 'total', label: 'Amount', x: M + 440, w: RIGHT - M - 440, align: 'right' },
] as const;

const pct = (bps: number) => `${(bps / 100).toFixed(bps % 100 ? 2 : 0)}%`;

/** `logo`: the shop's logo as PNG or JPEG bytes, drawn above its name. */
export function issuedPdf(doc: IssuedShown, logo?: Buffer): Promise<Buffer> {
  const money = (v: number) => formatAmount(v, { currency: doc.shop.currency, locale: 'en-US' });
  const title = ISSUED_KINDS[doc.kind].title;
  const pdf = new PDFDocument({ size: 'A4', margin: M, bufferPages: true, info: { Title: `${title} ${doc.number}`, Author: doc.shop.name } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  const text = (s: string, x: number, y: number, o: PDFKit.Mixins.TextOptions = {}) => pdf.text(s, x, y, { lineBreak: false, ...o });

  // The heading: the shop (its logo first) on the left, what the document is on the right, then the customer.
  const top = logo ? M + 44 : M;
  if (logo) pdf.image(logo, M, M, { fit: [160, 36] });
  pdf.font('Helvetica-Bold').fontSize(16);
  text(doc.shop.name, M, top, { width: 300 });
  pdf.font('Helvetica').fontSize(9);
  const shopLines = [doc.shop.address, doc.shop.phone, doc.shop.email, doc.shop.tax_number ? `Tax number: ${doc.shop.tax_number}` : null].filter((l): l is string => !!l);
  pdf.text(shopLines.join('\n'), M, top + 22, { width: 280 });
  pdf.font('Helvetica-Bold').fontSize(18);
  text(title.toUpperCase(), M + 300, M, { width: RIGHT - M - 300, align: 'right' });
  pdf.font('Helvetica').fontSize(9);
  const facts = [
    `Number: ${doc.number}`,
    `Issued: ${doc.issued_on}`,
    doc.sale ? `Sale: ${doc.sale.reference ?? ''} of ${doc.sale.sold_on}` : null,
    doc.order ? `Order: ${doc.order.reference} of ${doc.order.ordered_on}` : null,
    doc.invoice ? `Corrects invoice: ${doc.invoice.number}` : null,
  ].filter((l): l is string => !!l);
  pdf.text(facts.join('\n'), M + 300, M + 24, { width: RIGHT - M - 300, align: 'right' });
  let y = Math.max(pdf.y, M + 80) + 12;
  pdf.font('Helvetica-Bold').fontSize(9);
  text('Bill to', M, y);
  pdf.font('Helvetica');
  const c = doc.customer;
  const billTo = c ? [c.name, c.address, [c.city, c.country].filter(Boolean).join(', '), c.email, c.tax_number ? `Tax number: ${c.tax_number}` : null] : ['Walk-in customer'];
  pdf.text(billTo.filter((l): l is string => !!l).join('\n'), M, y + 12, { width: 300 });
  y = pdf.y + 16;

  const header = () => {
    pdf.font('Helvetica-Bold').fontSize(8.5);
    pdf.rect(M, y, RIGHT - M, ROW).fill('#eeeeee').fillColor('#000000');
    for (const col of COLS) text(col.label, col.x, y + 4, { width: col.w, align: col.align });
    y += ROW;
    pdf.font('Helvetica').fontSize(8.5);
  };
  const room = (h: number) => {
    if (y + h <= BOTTOM) return false;
    pdf.addPage();
    y = M;
    return true;
  };
  header();
  const nameCol = COLS[1];
  doc.lines.forEach((l, i) => {
    const cells: Record<(typeof COLS)[number]['key'], string> = {
      n: String(i + 1),
      name: l.sku ? `${l.name} (${l.sku})` : l.name,
      quantity: String(l.quantity),
      unit_price: money(l.unit_price),
      discount: l.discount ? money(l.discount) : '',
      tax: pct(l.tax_bps),
      total: money(l.total),
    };
    // A long description wraps inside its row; the row moves whole to the next page when it does not fit.
    const h = Math.max(ROW, pdf.heightOfString(cells.name, { width: nameCol.w }) + 7);
    if (room(h)) header();
    for (const col of COLS) {
      if (col.key === 'name') pdf.text(cells.name, col.x, y + 4, { width: col.w });
      else text(cells[col.key], col.x, y + 4, { width: col.w, align: col.align });
    }
    pdf.moveTo(M, y + h).lineTo(RIGHT, y + h).lineWidth(0.3).strokeColor('#cccccc').stroke();
    y += h;
  });

  // Tax per rate and the totals, kept together.
  const totals: [string, string][] = [
    ['Subtotal (without tax)', money(doc.subtotal)],
    ...doc.taxes.map((t): [string, string] => [`Tax ${pct(t.rate)} on ${money(t.base)}`, money(t.tax)]),
    ...(doc.discount_total ? [['Discount', `-${money(doc.discount_total)}`] as [string, string]] : []),
    ...(doc.document_tax ? [[`Order tax ${pct(doc.tax_bps)}`, money(doc.document_tax)] as [string, string]] : []),
    ...(doc.shipping_total ? [['Shipping', money(doc.shipping_total)] as [string, string]] : []),
    ['Total', money(doc.grand_total)],
    ...(doc.kind === 'invoice' ? [['Paid', money(doc.paid)] as [string, string], ['Balance due', money(doc.due)] as [string, string]] : []),
  ];
  room(12 + totals.length * 14);
  y += 12;
  totals.forEach(([label, value]) => {
    const strong = label === 'Total' || label === 'Balance due';
    pdf.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    text(label, M + 260, y, { width: 170, align: 'right' });
    text(value, M + 440, y, { width: RIGHT - M - 440, align: 'right' });
    y += 14;
  });
  if (doc.note) {
    room(30);
    pdf.font('Helvetica').fontSize(9).text(doc.note, M, y + 10, { width: RIGHT - M });
  }

  // Every page: its number and the document's.
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    pdf.font('Helvetica').fontSize(8).fillColor('#555555');
    text(`${title} ${doc.number}`, M, A4.height - M - 10, { width: 250 });
    text(`Page ${i + 1} of ${range.count}`, RIGHT - 150, A4.height - M - 10, { width: 150, align: 'right' });
  }
  pdf.end();
  return done;
}

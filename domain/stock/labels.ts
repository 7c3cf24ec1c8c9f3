import { adminHref } from '../paths.ts';

/**
 * Barcode label sheets. The common A4 sheet (Avery L7160 / 3×7: 63.5 × 38.1 mm labels, 21 a
 * sheet) is what the print layout fits; counts are per product.
 */
export const LABEL_SHEET = { name: 'A4, 3 × 7 labels (63.5 × 38.1 mm, e.g. Avery L7160)', perSheet: 21 } as const;
/** The most labels of one product on one print. */
export const LABELS_PER_PRODUCT_MAX = 210;
/** The most products one print takes (the selection of a list page). */
export const LABEL_PRODUCTS_MAX = 100;

export const PRODUCT_VIEW_PATH = '/product/view/:id';
export const PRODUCT_LABELS_PATH = '/product/labels';
export const productViewHref = (id: number | string) => adminHref(PRODUCT_VIEW_PATH, { id });
export const labelsHref = (ids: readonly number[]) => adminHref(PRODUCT_LABELS_PATH, {}, ids.length ? `?ids=${ids.join(',')}` : '');

/** The ids of `?ids=1,2,3`: positive whole numbers, each once, at most LABEL_PRODUCTS_MAX. */
export function labelIds(search: string): number[] {
  const raw = new URLSearchParams(search).get('ids') ?? '';
  const ids = raw.split(',').filter((s) => /^\d{1,10}$/.test(s)).map(Number).filter((n) => n > 0);
  return [...new Set(ids)].slice(0, LABEL_PRODUCTS_MAX);
}

/** Which bwip-js symbology draws a barcode: the GS1 ones by their length, anything else as Code 128. */
export function symbologyOf(code: string): 'ean13' | 'ean8' | 'upca' | 'code128' {
  if (/^\d{13}$/.test(code)) return 'ean13';
  if (/^\d{8}$/.test(code)) return 'ean8';
  if (/^\d{12}$/.test(code)) return 'upca';
  return 'code128';
}

/**
 * How bwip-js draws a label's barcode. EAN-13, EAN-8 and UPC-A keep their standard human-readable
 * layout (the digits in groups between the guard bars, the first one outside), a little smaller
 * than bwip-js's default for more white between digits and bars; centring the text as one line
 * ran it over the guard bars, which reach below the others. Code 128 has no guards: one
 * centred line.
 */
export function barcodeOptions(code: string) {
  const bcid = symbologyOf(code);
  const common = { bcid, text: code, scale: 2, height: 12, includetext: true } as const;
  return bcid === 'code128' ? { ...common, textxalign: 'center' as const } : { ...common, textsize: 10 };
}

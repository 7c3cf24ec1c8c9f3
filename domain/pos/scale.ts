import { gtinCheckDigit } from '../stock/gtin.ts';
import type { PosTerms } from './till.facts.ts';

/**
 * In-store scale labels (EAN-13 with a "restricted circulation" prefix), Odoo's layout:
 *
 *   weight  PP CCCCC NNDDD K   prefix, 5-digit product code, weight NN.DDD kg, check digit
 *   price   PP CCCCC NNNDD K   prefix, 5-digit product code, price NNN.DD, check digit
 *
 * The prefixes are the POS setting's (PosTerms.scale; Odoo's defaults 21 and 23, an empty one
 * unused). The product is found by its base code, the label with its value zeroed and the check
 * digit worked out again (Odoo's rule: the product's barcode is that base code), or by its
 * 5-digit product code as SKU. Amounts are in hundredths of the currency everywhere in the app,
 * so NNN.DD is the price in minor units as it stands.
 */

export type ScalePrefixes = PosTerms['scale'];
export const SCALE_DEFAULTS: ScalePrefixes = { weight_prefix: '21', price_prefix: '23' };

interface LabelBase {
  /** The 5 digits after the prefix. */
  productCode: string;
  /** The label with its value zeroed and its check digit made again: the product's barcode. */
  baseCode: string;
}
/** A weight label: `quantity` in thousandths of a kilogram (grams). */
export interface WeightLabel extends LabelBase {
  kind: 'weight';
  quantity: number;
}
/** A price label: `price` in minor units. */
export interface PriceLabel extends LabelBase {
  kind: 'price';
  price: number;
}
export type ScaleLabel = WeightLabel | PriceLabel;

/**
 * Why a code is not a scale label: `not-ean13` (not 13 digits) and `not-scale` (another prefix)
 * are ordinary codes to look up as they are; `check-digit` is a scale label misread or mistyped,
 * to be refused rather than looked up.
 */
export type NotScale = { reason: 'not-ean13' | 'not-scale' | 'check-digit'; message: string };

const PREFIX = /^\d{2}$/;

/** Reads `code` as a scale label under the POS setting's prefixes. */
export function readScaleLabel(code: string, prefixes: ScalePrefixes = SCALE_DEFAULTS): ScaleLabel | NotScale {
  if (!/^\d{13}$/.test(code)) return { reason: 'not-ean13', message: 'A scale label is 13 digits.' };
  const prefix = code.slice(0, 2);
  const kind = PREFIX.test(prefixes.weight_prefix) && prefix === prefixes.weight_prefix ? 'weight' : PREFIX.test(prefixes.price_prefix) && prefix === prefixes.price_prefix ? 'price' : undefined;
  if (!kind) return { reason: 'not-scale', message: `${prefix} is not a scale label prefix of this till.` };
  const expected = gtinCheckDigit(code.slice(0, 12));
  if (expected !== code.charCodeAt(12) - 48) {
    return { reason: 'check-digit', message: `This scale label was misread: its check digit should be ${expected}, not ${code[12]}. Scan it again.` };
  }
  const productCode = code.slice(2, 7);
  const zeroed = `${code.slice(0, 7)}00000`;
  const baseCode = zeroed + String(gtinCheckDigit(zeroed));
  const value = Number(code.slice(7, 12));
  return kind === 'weight' ? { kind, productCode, baseCode, quantity: value } : { kind, productCode, baseCode, price: value };
}

export const isScaleLabel = (read: ScaleLabel | NotScale): read is ScaleLabel => 'kind' in read;

/** A scale label for `productCode` (5 digits) and a value (grams or minor units, below 100,000): for tests and demo labels. */
export function makeScaleLabel(prefix: string, productCode: string, value: number): string {
  if (!PREFIX.test(prefix) || !/^\d{5}$/.test(productCode) || !Number.isInteger(value) || value < 0 || value > 99_999) {
    throw new RangeError(`no scale label for prefix ${prefix}, product ${productCode}, value ${value}`);
  }
  const body = prefix + productCode + String(value).padStart(5, '0');
  return body + String(gtinCheckDigit(body));
}

/** What a product is to a scale label: found by its barcode (the label's base code) or its SKU (the 5-digit product code). */
export interface LabelledProduct {
  name: string;
  barcode: string | null;
  sku: string;
  /** Minor units: per pack, or per kilogram for a product sold by weight. */
  sale_price: number;
  tracks_serials: boolean;
}

/** The label names this product: its base code is the product's barcode, or its product code the product's SKU. */
export const labelNames = (label: ScaleLabel, p: Pick<LabelledProduct, 'barcode' | 'sku'>) => p.barcode === label.baseCode || p.sku === label.productCode;

/**
 * A label's line, the one rule the till's cart and the sale service both price by: one pack per
 * label (the stock counts packs: a label is one pack leaving the shelf), at the label's price, or
 * at its weight × the product's price per kilogram, rounded half up to a minor unit. `grams` is
 * the weight the line and the receipt show (null on a price label). Refused in words: a misread
 * label, one for another product, a serial-tracked product (sold by serial, not by label), or a
 * label with no weight or price on it.
 */
export type LabelLine = { unit_price: number; grams: number | null } | { refused: string };
export function labelLine(code: string, prefixes: ScalePrefixes, product: LabelledProduct): LabelLine {
  const read = readScaleLabel(code, prefixes);
  if (!isScaleLabel(read)) return { refused: read.reason === 'check-digit' ? read.message : `${code} is not a scale label of this shop (${read.message})` };
  if (!labelNames(read, product)) return { refused: `This label (product code ${read.productCode}) is not for “${product.name}”.` };
  if (product.tracks_serials) return { refused: `“${product.name}” is sold by serial number, not by a scale label.` };
  if (read.kind === 'weight') {
    if (read.quantity === 0) return { refused: 'This scale label shows no weight: weigh it again.' };
    return { unit_price: Math.round((read.quantity * product.sale_price) / 1000), grams: read.quantity };
  }
  if (read.price === 0) return { refused: 'This scale label shows no price: print it again.' };
  return { unit_price: read.price, grams: null };
}

/** A label's weight as the line and the receipt show it: "0.750 kg". */
export const weightText = (grams: number) => `${(grams / 1000).toFixed(3)} kg`;

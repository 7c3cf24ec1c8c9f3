/** domain/pos/scale.ts: scale labels worked out by hand (check digits summed with weights 3,1,3,… from the right). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isScaleLabel, labelLine, makeScaleLabel, readScaleLabel, SCALE_DEFAULTS, weightText } from '../../domain/pos/scale.ts';
import { gtinCheckDigit } from '../../domain/stock/gtin.ts';

describe('the EAN-13 check digit', () => {
  it('matches codes printed on real goods and worked by hand', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1); // 4006381333931
    expect(gtinCheckDigit('211234501500')).toBe(2); // 2+1+3·1+2+3·3+4+… = 48 → 2
    expect(gtinCheckDigit('231234501299')).toBe(9);
    expect(gtinCheckDigit('000000000000')).toBe(0);
  });
});

describe('reading scale labels under the default prefixes (21 weight, 23 price)', () => {
  it('reads a weight label: 1.500 kg of product 12345, in grams', () => {
    expect(readScaleLabel('2112345015002')).toEqual({ kind: 'weight', productCode: '12345', baseCode: '2112345000008', quantity: 1500 });
  });

  it('reads a price label: 12.99 of product 12345, in minor units', () => {
    expect(readScaleLabel('2312345012999')).toEqual({ kind: 'price', productCode: '12345', baseCode: '2312345000002', price: 1299 });
  });

  it('reads the smallest and largest values a label holds', () => {
    expect(readScaleLabel(makeScaleLabel('21', '00001', 0))).toMatchObject({ kind: 'weight', productCode: '00001', quantity: 0 });
    expect(readScaleLabel(makeScaleLabel('23', '99999', 99_999))).toMatchObject({ kind: 'price', productCode: '99999', price: 99_999 });
  });

  it('refuses a wrong check digit, saying which it should be', () => {
    const read = readScaleLabel('2112345015003');
    expect(read).toEqual({ reason: 'check-digit', message: expect.stringContaining('should be 2, not 3') });
    expect(isScaleLabel(read)).toBe(false);
  });

  it('leaves other prefixes to be looked up as ordinary codes', () => {
    expect(readScaleLabel('4006381333931')).toMatchObject({ reason: 'not-scale' });
    // Our own in-store product codes start with 20: never a scale label.
    expect(readScaleLabel(makeScaleLabel('20', '12345', 1500))).toMatchObject({ reason: 'not-scale' });
    // A wrong check digit under another prefix is not the scale's business either.
    expect(readScaleLabel('4006381333932')).toMatchObject({ reason: 'not-scale' });
  });

  it('leaves codes that are not 13 digits alone', () => {
    for (const code of ['211234501500', '21123450150022', '21123450150a2', '', 'ABC-123', '96385074']) {
      expect(readScaleLabel(code)).toMatchObject({ reason: 'not-ean13' });
    }
  });
});

describe('the POS setting’s prefixes', () => {
  it('reads the prefixes it is given instead of the defaults', () => {
    const prefixes = { weight_prefix: '28', price_prefix: '29' };
    expect(readScaleLabel(makeScaleLabel('28', '00042', 250), prefixes)).toMatchObject({ kind: 'weight', productCode: '00042', quantity: 250 });
    expect(readScaleLabel(makeScaleLabel('29', '00042', 450), prefixes)).toMatchObject({ kind: 'price', productCode: '00042', price: 450 });
    expect(readScaleLabel('2112345015002', prefixes)).toMatchObject({ reason: 'not-scale' });
  });

  it('uses no prefix the setting leaves empty', () => {
    const weightOnly = { weight_prefix: '21', price_prefix: '' };
    expect(readScaleLabel('2112345015002', weightOnly)).toMatchObject({ kind: 'weight' });
    expect(readScaleLabel('2312345012999', weightOnly)).toMatchObject({ reason: 'not-scale' });
    expect(readScaleLabel('2112345015002', { weight_prefix: '', price_prefix: '' })).toMatchObject({ reason: 'not-scale' });
  });
});

describe('any label made is read back', () => {
  it('round-trips prefix, product and value, and a changed digit is caught', () => {
    fc.assert(
      fc.property(fc.constantFrom('21', '23'), fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 9 }), (prefix, product, value, at, shift) => {
        const productCode = String(product).padStart(5, '0');
        const code = makeScaleLabel(prefix, productCode, value);
        const read = readScaleLabel(code, SCALE_DEFAULTS);
        expect(read).toMatchObject(prefix === '21' ? { kind: 'weight', productCode, quantity: value } : { kind: 'price', productCode, price: value });
        if (isScaleLabel(read)) expect(readScaleLabel(read.baseCode)).toMatchObject({ productCode, ...(prefix === '21' ? { quantity: 0 } : { price: 0 }) });
        // One digit misread (not the prefix, which would make it another kind of code): refused.
        if (at >= 2) {
          const wrong = code.slice(0, at) + String((Number(code[at]) + shift) % 10) + code.slice(at + 1);
          expect(readScaleLabel(wrong)).toMatchObject({ reason: 'check-digit' });
        }
      }),
    );
  });
});

describe('a scale label priced as a line (labelLine: the till and the sale service price by it)', () => {
  // Sold by weight: 12.99 a kilogram, barcode the label's base code.
  const beans = { name: 'Coffee beans', barcode: '2112345000008', sku: 'BEANS', sale_price: 1299, tracks_serials: false };
  // Priced per pack by the scale, found by its 5-digit code as SKU.
  const cheese = { name: 'Cheese', barcode: null, sku: '54321', sale_price: 0, tracks_serials: false };

  it('a weight label: one pack at its weight × the price per kilogram, rounded half up', () => {
    // 1.500 kg × 12.99 = 19.485 → 19.49.
    expect(labelLine('2112345015002', SCALE_DEFAULTS, beans)).toEqual({ unit_price: 1949, grams: 1500 });
    // 0.750 kg × 12.99 = 9.7425 → 9.74.
    expect(labelLine(makeScaleLabel('21', '12345', 750), SCALE_DEFAULTS, beans)).toEqual({ unit_price: 974, grams: 750 });
    expect(weightText(750)).toBe('0.750 kg');
  });

  it('a price label: one pack at the label’s price, the product found by its SKU', () => {
    expect(labelLine(makeScaleLabel('23', '54321', 1234), SCALE_DEFAULTS, cheese)).toEqual({ unit_price: 1234, grams: null });
  });

  it('refuses in words: a misread check digit, another product’s label, no weight, a tracked product, another prefix', () => {
    const good = makeScaleLabel('21', '12345', 750);
    const tampered = `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;
    expect(labelLine(tampered, SCALE_DEFAULTS, beans)).toEqual({ refused: expect.stringContaining('misread') });
    expect(labelLine(makeScaleLabel('23', '54321', 1234), SCALE_DEFAULTS, beans)).toEqual({ refused: 'This label (product code 54321) is not for “Coffee beans”.' });
    expect(labelLine(makeScaleLabel('21', '12345', 0), SCALE_DEFAULTS, beans)).toEqual({ refused: 'This scale label shows no weight: weigh it again.' });
    expect(labelLine(good, SCALE_DEFAULTS, { ...beans, tracks_serials: true })).toEqual({ refused: '“Coffee beans” is sold by serial number, not by a scale label.' });
    expect(labelLine(good, { weight_prefix: '', price_prefix: '23' }, beans)).toEqual({ refused: expect.stringContaining('is not a scale label of this shop') });
  });
});

/** Values and errors by full path: one key for the browser's validation, the server's 422 and the form. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstMessages, getAt, isAtOrUnder, pathKey, setAt } from '../../domain/field-path.ts';
import { fieldErrors, validate } from '../../domain/form-values.ts';
import { zodErrors } from '../../server/http/errors.ts';

const documentSchema = z.strictObject({
  reference: z.string().min(1, { error: 'Enter a reference.' }),
  party: z.strictObject({ id: z.number({ error: 'Choose a supplier.' }) }),
  lines: z.array(
    z.strictObject({
      product_id: z.number({ error: 'Choose a product.' }),
      quantity: z.number({ error: 'Enter a quantity.' }).int().min(1, { error: 'Use 1 or more.' }),
      serials: z.array(z.string().min(1, { error: 'Enter the serial number.' })).default([]),
    }),
  ),
  role_ids: z.array(z.number({ error: 'Choose a role.' })).default([]),
});

const bad = {
  reference: '',
  party: {},
  lines: [
    { product_id: 1, quantity: 2 },
    { product_id: 2, quantity: 0, serials: ['SN-1', ''] },
    { quantity: 1 },
  ],
  role_ids: [3, 'x'],
};

describe('pathKey', () => {
  it('joins object keys and array indexes with dots; the empty path is the body', () => {
    expect(pathKey(['lines', 3, 'quantity'])).toBe('lines.3.quantity');
    expect(pathKey(['name'])).toBe('name');
    expect(pathKey(['lines', 0, 'serials', 12])).toBe('lines.0.serials.12');
    expect(pathKey([])).toBe('body');
  });

  it('isAtOrUnder tells a path from its neighbours', () => {
    expect(isAtOrUnder('lines.3.quantity', 'lines')).toBe(true);
    expect(isAtOrUnder('lines.3.quantity', 'lines.3')).toBe(true);
    expect(isAtOrUnder('lines.3', 'lines.3')).toBe(true);
    expect(isAtOrUnder('lines.30.quantity', 'lines.3')).toBe(false);
    expect(isAtOrUnder('linesx', 'lines')).toBe(false);
  });
});

describe('getAt and setAt', () => {
  const values = { name: 'Acme', lines: [{ quantity: '1' }, { quantity: '2' }], party: { id: 4 } };

  it('read nested objects and arrays, and miss quietly', () => {
    expect(getAt(values, 'lines.1.quantity')).toBe('2');
    expect(getAt(values, 'party.id')).toBe(4);
    expect(getAt(values, 'lines.5.quantity')).toBeUndefined();
    expect(getAt(values, 'name.length')).toBeUndefined();
    expect(getAt(values, 'constructor')).toBeUndefined();
  });

  it('write a copy, leaving the original and untouched branches as they were', () => {
    const next = setAt(values, 'lines.1.quantity', '5');
    expect(next).toEqual({ name: 'Acme', lines: [{ quantity: '1' }, { quantity: '5' }], party: { id: 4 } });
    expect(values.lines[1]!.quantity).toBe('2');
    expect(next.lines[0]).toBe(values.lines[0]);
    expect(next.party).toBe(values.party);
    expect(Array.isArray(next.lines)).toBe(true);
  });

  it('make the missing containers on the way: an array where the next step is an index', () => {
    expect(setAt({}, 'lines.0.serials.1', 'SN-2')).toEqual({ lines: [{ serials: [undefined, 'SN-2'] }] });
    expect(setAt({}, 'party.id', 3)).toEqual({ party: { id: 3 } });
  });

  it('keep a key named __proto__ an own key, never the prototype', () => {
    const next = setAt({}, '__proto__.polluted', 1) as Record<string, unknown>;
    expect(Object.hasOwn(next, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('errors by full path', () => {
  it("the browser's validation keys each message by its full path, the first per path", () => {
    const errors = validate(documentSchema, bad);
    expect(errors).toEqual({
      reference: 'Enter a reference.',
      'party.id': 'Choose a supplier.',
      'lines.1.quantity': 'Use 1 or more.',
      'lines.1.serials.1': 'Enter the serial number.',
      'lines.2.product_id': 'Choose a product.',
      'role_ids.1': 'Choose a role.',
    });
  });

  it("the server's 422 uses the same keys, and names unknown fields where they are", () => {
    const result = documentSchema.safeParse({ ...bad, lines: [...bad.lines, { product_id: 3, quantity: 1, colour: 'red' }], extra: 1 });
    expect(result.success).toBe(false);
    const server = zodErrors(result.error!);
    const browser = fieldErrors(result.error!);
    expect(Object.keys(server).sort()).toEqual(Object.keys(browser).sort());
    for (const [key, message] of Object.entries(browser)) expect(server[key]?.[0]).toBe(message);
    expect(server['lines.3.colour']).toEqual(['This field is not allowed.']);
    expect(server.extra).toEqual(['This field is not allowed.']);
    expect(server['lines.1.quantity']).toEqual(['Use 1 or more.']);
  });

  it('firstMessages keeps the first message of each key and tolerates odd keys', () => {
    // (an unknown field inside a line is named at its own path in the browser too)
    expect(
      firstMessages([
        { path: ['lines', 0, 'quantity'], message: 'first' },
        { path: ['lines', 0, 'quantity'], message: 'second' },
        { path: ['__proto__'], message: 'odd' },
        { path: [], message: 'whole' },
      ]),
    ).toEqual(JSON.parse('{"lines.0.quantity":"first","__proto__":"odd","body":"whole"}'));
  });
});

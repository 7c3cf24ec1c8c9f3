import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '../../domain/resource.ts';
import type { RowView } from '../../machines/list/list.selectors.ts';
import { columnFit, textRem, type ColumnPage } from '../../src/screens/resource/column-widths.ts';

const display = { locale: 'en-US', currency: 'USD' };
const view = (row: Record<string, unknown>, created = false) =>
  ({ row: { id: 1, ...row }, title: String(row.name ?? ''), selected: false, selectable: true, deletable: true, protected: false, protectedReason: undefined, delete: 'shown', editable: true, openable: true, created, focusable: false }) as RowView;

const name: ColumnDef = { name: 'name', label: 'Name', sortable: true };
const email: ColumnDef = { name: 'email', label: 'Email', kind: 'email' };
const city: ColumnDef = { name: 'city', label: 'City' };
const created: ColumnDef = { name: 'created_at', label: 'Created', kind: 'date' };
const amount: ColumnDef = { name: 'amount', label: 'Amount', kind: 'money' };
const picture: ColumnDef = { name: 'image', label: 'Image', kind: 'image' };

const page = (rows: RowView[], over: Partial<ColumnPage> = {}): ColumnPage => ({ rows, display, title: name, custom: () => false, foot: () => '', ...over });

describe('column widths from the page, not from measuring it', () => {
  it('reads wide letters wider than narrow ones', () => {
    expect(textRem('MMMM')).toBeGreaterThan(textRem('iiii'));
    expect(textRem('')).toBe(0);
  });

  it('gives a column room for its longest value on the page, in steps', () => {
    const short = columnFit(email, page([view({ email: 'a@b.co' })]));
    const long = columnFit(email, page([view({ email: 'a@b.co' }), view({ email: 'someone.with.a.long.name@example.com' })]));
    expect(long.step).toBeGreaterThan(short.step);
    // Never past 22rem: the rest is cut with an ellipsis.
    expect(columnFit(email, page([view({ email: `${'x'.repeat(200)}@example.com` })])).step).toBe(22);
  });

  it('keeps room for the heading and for the total under an empty or short column', () => {
    const heading = columnFit({ name: 'n', label: 'Permissions', kind: 'number', sortable: true }, page([view({ n: 7 })]));
    expect(heading.step).toBeGreaterThanOrEqual(7.5);
    const bare = columnFit(amount, page([view({ amount: 100 })]));
    const withTotal = columnFit(amount, page([view({ amount: 100 })], { foot: (c) => (c === amount ? '$1,234,567.89' : '') }));
    expect(withTotal.step).toBeGreaterThan(bare.step);
    // The semibold total is wider than the same figure in a row: "$20,850.75" under "Due" was cut at 7rem.
    const due = { name: 'due', label: 'Due', kind: 'money', sortable: true } as const;
    expect(columnFit(due, page([view({ due: 15971 })], { foot: (c) => (c === due ? '$20,850.75' : '') })).step).toBeGreaterThanOrEqual(7.5);
  });

  it('lets long words and the title give way; dates, money, pictures and short words keep their width', () => {
    const rows = [view({ name: 'Amelia Okafor', email: 'amelia.okafor@example.com', city: 'Boston', created_at: '2026-11-24T10:00:00Z', amount: 12345 })];
    expect(columnFit(name, page(rows)).flex).toBe('title');
    expect(columnFit(email, page(rows)).flex).toBe('words');
    expect(columnFit(city, page(rows)).flex).toBe('fixed');
    expect(columnFit(created, page(rows)).flex).toBe('fixed');
    expect(columnFit(amount, page(rows)).flex).toBe('fixed');
    expect(columnFit(picture, page(rows))).toEqual({ step: 6, flex: 'fixed' });
  });

  it('makes room for the "New" badge beside the record just created', () => {
    const plain = columnFit(name, page([view({ name: 'Amelia Okafor' })]));
    const fresh = columnFit(name, page([view({ name: 'Amelia Okafor' }, true)]));
    expect(fresh.step).toBeGreaterThan(plain.step);
  });

  it('gives a screen’s own cell room for a few words, and lets it give way', () => {
    const fit = columnFit({ name: 'on_hand', label: 'On hand', kind: 'number' }, page([view({ on_hand: 3 })], { custom: () => true }));
    expect(fit.step).toBeGreaterThanOrEqual(9.5);
    expect(fit.flex).toBe('words');
  });

  it('makes a screen’s own badge column as wide as the longest thing it says (ListExtras.cellText)', () => {
    const kind = { name: 'kind', label: 'What' };
    const says = (row: Record<string, unknown>) => (row.kind === 'long' ? 'Permission module changed' : 'Signed in');
    const short = columnFit(kind, page([view({ kind: 'short' })], { custom: () => true, customText: (_c, row) => says(row) }));
    const long = columnFit(kind, page([view({ kind: 'short' }), view({ kind: 'long' })], { custom: () => true, customText: (_c, row) => says(row) }));
    expect(short.step).toBe(columnFit(kind, page([view({ kind: 'short' })], { custom: () => true })).step);
    expect(long.step).toBeGreaterThanOrEqual(13);
  });
});

/**
 * The label sheet's barcodes as bwip-js draws them (the same options the screen uses): the
 * human-readable digits never overlap a bar, for every symbology we print.
 */
import { code128, drawingSVG, ean13, ean8, upca } from '@bwip-js/browser';
import { describe, expect, it } from 'vitest';
import { barcodeOptions } from '../../domain/stock/labels.ts';

const DRAW = { ean13, ean8, upca, code128 } as const;
type Box = { x0: number; x1: number; y0: number; y1: number };

/** Bars (stroked vertical lines, by their stroke width) and glyph outlines (filled paths, one box per contour). */
function layout(svg: string): { bars: Box[]; glyphs: Box[] } {
  const bars: Box[] = [];
  const glyphs: Box[] = [];
  for (const m of svg.matchAll(/<path ([^>]*)\/>/g)) {
    const attrs = m[1]!;
    const d = /d="([^"]*)"/.exec(attrs)![1]!;
    const width = /stroke-width="([\d.]+)"/.exec(attrs);
    if (width) {
      const w = Number(width[1]);
      for (const l of d.matchAll(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g)) {
        const [x, ya, , yb] = [Number(l[1]), Number(l[2]), Number(l[3]), Number(l[4])];
        bars.push({ x0: x - w / 2, x1: x + w / 2, y0: Math.min(ya, yb), y1: Math.max(ya, yb) });
      }
      continue;
    }
    for (const contour of d.split('Z')) {
      const n = [...contour.matchAll(/-?[\d.]+/g)].map((x) => Number(x[0]));
      if (n.length < 2) continue;
      const xs = n.filter((_, i) => i % 2 === 0);
      const ys = n.filter((_, i) => i % 2 === 1);
      glyphs.push({ x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) });
    }
  }
  return { bars, glyphs };
}

/** Closer than `gap` drawing units (half a module at scale 2) counts as touching: print spreads ink. */
const overlaps = (a: Box, b: Box, gap = 1) => a.x0 - gap < b.x1 && b.x0 - gap < a.x1 && a.y0 - gap < b.y1 && b.y0 - gap < a.y1;

describe('barcode labels', () => {
  for (const code of ['2001234567893', '2990000000019', '96385074', '036000291452', 'SKU-TS-0042']) {
    it(`${code}: the digits under the bars keep clear of every bar`, () => {
      const options = barcodeOptions(code);
      const svg = DRAW[options.bcid](options as Parameters<typeof ean13>[0], drawingSVG());
      const { bars, glyphs } = layout(svg);
      expect(bars.length).toBeGreaterThan(10);
      expect(glyphs.length).toBeGreaterThanOrEqual(code.length);
      const hits = glyphs.filter((g) => bars.some((b) => overlaps(g, b)));
      expect(hits).toEqual([]);
    });
  }

  it('would catch the old layout: EAN-13 digits centred as one line run over the guard bars', () => {
    const svg = ean13({ ...barcodeOptions('2001234567893'), textxalign: 'center' } as Parameters<typeof ean13>[0], drawingSVG());
    const { bars, glyphs } = layout(svg);
    expect(glyphs.some((g) => bars.some((b) => overlaps(g, b)))).toBe(true);
  });
});

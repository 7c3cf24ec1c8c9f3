/**
 * A drawn page is gzipped a part at a time (server/page-render.ts, gzipInParts): the head as soon
 * as it is known, the drawing when it is done. The parts together must be one gzip member that any
 * decoder reads whole, with the right check and length, and not several members glued together
 * (a browser may read only the first).
 */
import { constants, gunzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipInParts } from '../../server/page-render.ts';

const HEAD = '<!doctype html><html lang="en" class="light"><head><title>Back office</title></head><body><div id="root">';
// Long, repetitive and with characters beyond ASCII, as a drawn list is.
const TAIL = Array.from({ length: 400 }, (_, i) => `<tr role="row" data-row="${i}"><td>Zoë Ångström ${i} — ▲</td></tr>`).join('') + '</div></body></html>';

function gzipped(parts: string[]): Buffer {
  const encode = gzipInParts();
  return Buffer.concat(parts.map((part, i) => encode(part, i === parts.length - 1)));
}

describe('a page gzipped in parts', () => {
  it('reads back as the whole page, its check and length verified by the decoder', () => {
    expect(gunzipSync(gzipped([HEAD, TAIL])).toString('utf8')).toBe(HEAD + TAIL);
    expect(gunzipSync(gzipped([HEAD, '', TAIL.slice(0, 999), TAIL.slice(999)])).toString('utf8')).toBe(HEAD + TAIL);
    expect(gunzipSync(gzipped([HEAD + TAIL])).toString('utf8')).toBe(HEAD + TAIL);
  });

  it('is one gzip member: one header, one deflate stream, one trailer', () => {
    const bytes = gzipped([HEAD, TAIL]);
    expect([...bytes.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 0]);
    // Between the 10-byte header and the 8-byte trailer, a single deflate stream holds it all.
    const body = inflateRawSync(bytes.subarray(10, bytes.length - 8), { finishFlush: constants.Z_FINISH });
    expect(body.toString('utf8')).toBe(HEAD + TAIL);
    expect(bytes.readUInt32LE(bytes.length - 4)).toBe(Buffer.byteLength(HEAD + TAIL));
  });

  it('sends the head at once: its part inflates on its own, before the rest exists', () => {
    const head = gzipInParts()(HEAD, false);
    const inflated = inflateRawSync(head.subarray(10), { finishFlush: constants.Z_SYNC_FLUSH });
    expect(inflated.toString('utf8')).toBe(HEAD);
  });

  it('compresses: a repetitive page shrinks to a small part of itself', () => {
    expect(gzipped([HEAD, TAIL]).length).toBeLessThan(Buffer.byteLength(HEAD + TAIL) / 5);
  });
});

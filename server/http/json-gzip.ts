import { gzipSync } from 'node:zlib';
import { acceptsGzip } from '../static.ts';
import type { AppMiddleware } from './context.ts';

/** Below this an answer goes as it is: gzip would save a few bytes and cost more than it saves. */
export const GZIP_MIN_BYTES = 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * JSON answers are gzipped in one step on the whole body, and small ones not at all.
 *
 * Hono's compress() pipes every body through a CompressionStream, small ones included (c.json
 * sets no Content-Length, so its 1 KB threshold never applies), and the Node adapter then reads
 * that stream chunk by chunk. For a page of JSON that is a few event-loop turns and a
 * thread-pool hop per chunk: about 2 ms on a 24-byte answer and 3 ms on a 25-row list page,
 * measured on this machine. Here the body is already a string, so one gzipSync (well under
 * a millisecond for a list page) does it, and the adapter writes the bytes straight out.
 *
 * Registered after compress(), so it sees the answer first; what it leaves carries a
 * Content-Length or a Content-Encoding, and compress() passes it by. Files and CSV streams
 * still go through compress().
 */
export const gzipJson: AppMiddleware = async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('Content-Type');
  if (
    !type ||
    !JSON_TYPE.test(type) ||
    c.req.method === 'HEAD' ||
    res.status === 204 ||
    res.status === 206 ||
    res.status === 304 ||
    res.headers.has('Content-Encoding') ||
    res.headers.has('Content-Length') ||
    NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')
  )
    return;
  const raw = Buffer.from(await res.text());
  const headers = new Headers(res.headers);
  const vary = headers.get('Vary');
  if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  let body: Buffer = raw;
  if (raw.byteLength >= GZIP_MIN_BYTES && acceptsGzip(c.req.header('Accept-Encoding'))) {
    body = gzipSync(raw);
    headers.set('Content-Encoding', 'gzip');
  }
  headers.set('Content-Length', String(body.byteLength));
  // Cleared first: Hono's setter would otherwise copy the new answer through a stream.
  c.res = undefined;
  c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers });
};

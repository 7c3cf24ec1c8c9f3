import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, websiteSetting } from '../../domain/resources/index.ts';
import { IMAGE_UPLOAD_API } from '../../domain/stock/image.ts';
import { client, expectFieldError, expectSentence, type Client } from './crud-helpers.ts';
import { createHarness, type Harness, type TestResponse } from './harness.ts';
import { picture } from './support/images.ts';

/** Image uploads: the server reads what the file is, re-encodes it, thumbnails it and serves both for good. */

let h: Harness;
let api: Client;
let token: string;

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenFor('admin@example.com');
  api = client(h, token);
});
afterAll(() => h?.close());

const upload = (body: Uint8Array, type = 'application/octet-stream', as = token) =>
  h.request('POST', IMAGE_UPLOAD_API, { token: as, body, headers: { 'content-type': type } });

function multipart(bytes: Uint8Array, field = 'file', filename = 'photo.png'): { body: Uint8Array; type: string } {
  const boundary = 'xTESTBOUNDARYx';
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** A 422 (or 413) under `file` with a sentence a person can act on, and nothing stored. */
function expectRefused(res: TestResponse, status: number, text: string | RegExp) {
  expect(res.status, res.text).toBe(status);
  expectSentence(res.body.message);
  if (typeof text === 'string') expect(res.body.message).toBe(text);
  else expect(res.body.message).toMatch(text);
  expect(res.body.errors?.file?.length).toBeGreaterThan(0);
}

describe('uploading', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('takes a %s, re-encodes it and serves it and a thumbnail with immutable cache headers', async (format) => {
    const res = await upload(await picture(format, { width: 640, height: 400, seed: 3 }));
    expect(res.status, res.text).toBe(201);
    const img = res.body.data;
    expect(img).toMatchObject({ type: `image/${format}`, width: 640, height: 400, url: `/api/v1/images/${img.id}`, thumbnail_url: `/api/v1/images/${img.id}/thumb` });
    expect(img.id).toMatch(/^[0-9a-f]{64}$/);

    const full = await h.app.request(img.url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe(`image/${format}`);
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = new Uint8Array(await full.arrayBuffer());
    expect(bytes.length).toBe(img.bytes);
    expect((await sharp(bytes).metadata()).format).toBe(format === 'jpeg' ? 'jpeg' : format);

    const thumb = await h.app.request(img.thumbnail_url);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(new Uint8Array(await thumb.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(320);

    const again = await h.app.request(img.url, { headers: { 'If-None-Match': full.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('gives the same picture the same address, and shrinks a big one to 2000 pixels', async () => {
    const file = await picture('png', { width: 2600, height: 1300, seed: 5 });
    const a = await upload(file);
    const b = await upload(file, 'image/png');
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(a.body.data).toMatchObject({ width: 2000, height: 1000 });
  });

  it('takes the file as the part "file" of a multipart form', async () => {
    const form = multipart(await picture('jpeg', { seed: 9 }));
    const res = await upload(form.body, form.type);
    expect(res.status, res.text).toBe(201);
    const wrong = multipart(await picture('jpeg'), 'photo');
    expectRefused(await upload(wrong.body, wrong.type), 422, /Choose an image file to upload/);
  });

  it('serves images without a sign-in (the website and <img> need them), and 404s an unknown one', async () => {
    const { body } = await upload(await picture('webp', { seed: 11 }));
    expect((await h.request('GET', body.data.url)).status).toBe(200);
    expect((await h.request('GET', `/api/v1/images/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await h.request('GET', '/api/v1/images/not-an-id/thumb')).status).toBe(404);
  });

  it('is refused to a user who has no form with an image', async () => {
    await h.createUser({ email: 'clerk@example.com', roles: ['Cashier'] });
    const res = await upload(await picture('png'), 'image/png', await h.tokenFor('clerk@example.com'));
    expect(res.status).toBe(403);
  });
});

describe('refusing what is not a usable image', () => {
  const text = (s: string) => new TextEncoder().encode(s);

  it.each([
    ['a GIF', () => text('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'This file is a GIF image. Upload a JPEG, PNG or WebP image.'],
    ['a PDF', () => text('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'This file is a PDF document. Upload a JPEG, PNG or WebP image.'],
    ['an SVG', () => text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'This file is an SVG drawing. Upload a JPEG, PNG or WebP image.'],
    ['a web page', () => text('<!DOCTYPE html><html></html>'), 'This file is a web page. Upload a JPEG, PNG or WebP image.'],
    ['plain text', () => text('hello, this is not a picture'), 'This file is not an image we can read. Upload a JPEG, PNG or WebP image.'],
  ])('refuses %s with a 422 saying what it is', async (_what, make, message) => {
    expectRefused(await upload(make(), 'image/png'), 422, message);
  });

  it('refuses an empty file, a cut-off one and one whose inside is not what its start says', async () => {
    expectRefused(await upload(new Uint8Array(0)), 422, 'The file is empty. Choose an image file and upload it again.');
    const png = await picture('png', { width: 300, height: 300, seed: 4 });
    expectRefused(await upload(png.slice(0, Math.floor(png.length / 2))), 422, 'This PNG file is damaged or incomplete. Save it again and upload the new file.');
    const jpeg = await picture('jpeg', { width: 300, height: 300, seed: 4 });
    expectRefused(await upload(jpeg.slice(0, 200)), 422, /This JPEG file is damaged or incomplete/);
    const fake = new Uint8Array(400);
    fake.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expectRefused(await upload(fake), 422, /PNG file is damaged or incomplete/);
  });

  it('refuses a picture claiming more than 50 megapixels without decoding it', async () => {
    // A small PNG whose header is rewritten to say 10,000 × 6,000 pixels (a decompression bomb's claim).
    const png = await picture('png');
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    view.setUint32(16, 10_000);
    view.setUint32(20, 6_000);
    view.setUint32(29, crc32(png.subarray(12, 29)));
    const res = await upload(png);
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toBe('This picture is 10000 × 6000 pixels; use one of at most 50 megapixels.');
  });

  it('refuses a file over 5 MB with 413, whether it says its size or not, up to 50 MB', async () => {
    const tooBig = new Uint8Array(5 * 1024 * 1024 + 1);
    tooBig.set(await picture('png'));
    expectRefused(await upload(tooBig, 'image/png'), 413, 'The file is larger than 5 MB. Make the image smaller and upload it again.');
    const huge = new Uint8Array(50 * 1024 * 1024);
    expectRefused(await upload(huge, 'image/jpeg'), 413, /larger than 5 MB/);
    // Streamed without a length: stopped once past the limit.
    const chunk = new Uint8Array(256 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent > 6 * 1024 * 1024) return c.close();
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    const res = await h.app.request(IMAGE_UPLOAD_API, {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png', cookie: 'XSRF-TOKEN=t', 'X-XSRF-TOKEN': 't' },
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('still takes JSON bodies up to 1 MB only on other routes', async () => {
    const res = await api.post(banners.api, { title: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });
});

describe('the website logo and banners', () => {
  it('take an uploaded image’s address, and addresses elsewhere still work', async () => {
    const { body } = await upload(await picture('png', { seed: 21 }));
    const setting = (await api.get(websiteSetting.api)).body.data;
    const saved = await api.put(websiteSetting.api, { ...setting, shop_name: 'Northwind', currency: 'USD', logo: body.data.url });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.logo).toBe(body.data.url);
    const banner = await api.create(banners.api, { title: 'Sale', image: body.data.url });
    expect(banner.image).toBe(body.data.url);
    const external = await api.create(banners.api, { title: 'Elsewhere', image: 'https://cdn.example.com/banner.jpg' });
    expect(external.image).toBe('https://cdn.example.com/banner.jpg');
    expectFieldError(await api.post(banners.api, { title: 'Bad', image: 'javascript:alert(1)' }), 'image');
  });
});

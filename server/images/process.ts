import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES, type IMAGE_TYPES } from '../../domain/stock/image.ts';
import { ApiError, validationError } from '../http/errors.ts';

/**
 * What an upload becomes: the picture decoded and encoded again (so no file is stored or served
 * as it arrived: no hidden payload, no metadata such as GPS positions, the orientation applied),
 * at most MAX_SIDE pixels on its longer side, plus a THUMB_SIDE thumbnail in WebP.
 */
export const MAX_SIDE = 2000;
export const THUMB_SIDE = 320;
/** Decoding stops before this many pixels, so a small file that claims a huge picture cannot eat the memory. */
export const MAX_INPUT_PIXELS = 50_000_000;

export type ImageType = (typeof IMAGE_TYPES)[number];

export interface ProcessedImage {
  id: string;
  type: ImageType;
  width: number;
  height: number;
  data: Buffer;
  thumbType: 'image/webp';
  thumbData: Buffer;
}

const ACCEPTED = 'Upload a JPEG, PNG or WebP image.';

/** What the first bytes say the file is: one we take, or what a person would call it. */
export function sniff(b: Uint8Array): { type: ImageType } | { other: string } {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { type: 'image/jpeg' };
  if (b.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return { type: 'image/png' };
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { type: 'image/webp' };
  if (b.length >= 6 && /^GIF8[79]a$/.test(ascii(0, 6))) return { other: 'a GIF image' };
  if (b.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    return { other: /^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand) ? 'a HEIC photo (the iPhone format)' : /^avi/.test(brand) ? 'an AVIF image' : 'a video' };
  }
  if (b.length >= 2 && ascii(0, 2) === 'BM') return { other: 'a BMP image' };
  if (b.length >= 4 && (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*')) return { other: 'a TIFF image' };
  if (b.length >= 5 && ascii(0, 5) === '%PDF-') return { other: 'a PDF document' };
  if (b.length >= 4 && ascii(0, 4) === 'PK\x03\x04') return { other: 'a ZIP archive or Office document' };
  const head = new TextDecoder().decode(b.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return { other: 'an SVG drawing' };
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return { other: 'a web page' };
  if (head.startsWith('{') || head.startsWith('[')) return { other: 'JSON text' };
  return { other: 'not an image we can read' };
}

const refuse = (message: string) => validationError({ file: [message] }, message);

/** Checks, re-encodes and thumbnails an upload; a file that is not a usable image is a 422 saying why. */
/** sharp (libvips) is loaded on the first upload, not at every server start. */
const loadSharp = async () => (await import('sharp')).default;

export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.length === 0) throw refuse('The file is empty. Choose an image file and upload it again.');
  if (bytes.length > IMAGE_MAX_BYTES) {
    throw new ApiError(413, 'The file is larger than 5 MB. Make the image smaller and upload it again.', {
      errors: { file: ['The file is larger than 5 MB. Make the image smaller and upload it again.'] },
    });
  }
  const kind = sniff(bytes);
  if ('other' in kind) {
    throw refuse(kind.other === 'not an image we can read' ? `This file is not an image we can read. ${ACCEPTED}` : `This file is ${kind.other}. ${ACCEPTED}`);
  }
  const sharp = await loadSharp();
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const open = () => sharp(input, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // The header alone (no pixels are decoded), so a picture too large to open can say its size.
    meta = await sharp(input, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw refuse(`This ${label(kind.type)} file is damaged or incomplete. Save it again and upload the new file.`);
  }
  const format = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }[kind.type];
  if (meta.format !== format) throw refuse(`This file says it is a ${label(kind.type)} but is not one. ${ACCEPTED}`);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw refuse(`This picture is ${meta.width} × ${meta.height} pixels; use one of at most 50 megapixels.`);
  }
  try {
    const resized = open().rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      kind.type === 'image/jpeg'
        ? resized.jpeg({ quality: 85, mozjpeg: true })
        : kind.type === 'image/png'
          ? resized.png({ compressionLevel: 8 })
          : resized.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbData = await sharp(data).resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    return {
      id: createHash('sha256').update(data).digest('hex'),
      type: kind.type,
      width: info.width,
      height: info.height,
      data,
      thumbType: 'image/webp',
      thumbData,
    };
  } catch {
    throw refuse(`This ${label(kind.type)} file is damaged or incomplete. Save it again and upload the new file.`);
  }
}

const label = (type: ImageType) => ({ 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' })[type];

import { eq } from 'drizzle-orm';
import { STOCK_ACCESS } from '../../domain/stock/access.ts';
import { IMAGE_ID, IMAGE_MAX_BYTES, IMAGE_TYPES, IMAGE_UPLOAD_API, IMAGES_API, imageUrl, thumbnailUrl, type UploadedImage } from '../../domain/stock/image.ts';
import { images } from '../db/schema.ts';
import { route, type AppContext, type RouteDef } from '../http/context.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { processImage } from './process.ts';

const TOO_LARGE = 'The file is larger than 5 MB. Make the image smaller and upload it again.';

/** The uploaded bytes: the body itself, or the `file` part of a multipart form. */
async function uploadedBytes(c: AppContext): Promise<Uint8Array> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, 'The form could not be read. Choose the file again and upload it.');
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) throw validationError({ file: ['Choose an image file to upload (the form field is named “file”).'] });
    return new Uint8Array(await file.arrayBuffer());
  }
  try {
    return new Uint8Array(await c.req.arrayBuffer());
  } catch {
    throw new ApiError(400, 'The file could not be read. Upload it again.');
  }
}

/** Immutable: the address is the picture's own hash, so what it shows can never change. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

function serve(c: AppContext, which: 'image' | 'thumb') {
  return async () => {
    const id = c.req.param('id') ?? '';
    if (!IMAGE_ID.test(id)) throw new ApiError(404, 'This image does not exist.');
    const etag = `"${id}${which === 'thumb' ? '-thumb' : ''}"`;
    const headers = { 'Cache-Control': CACHE_FOREVER, ETag: etag };
    const [row] =
      which === 'image'
        ? await c.var.db.select({ type: images.type, data: images.data }).from(images).where(eq(images.id, id))
        : await c.var.db.select({ type: images.thumb_type, data: images.thumb_data }).from(images).where(eq(images.id, id));
    if (!row) throw new ApiError(404, 'This image does not exist.');
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    const data = row.data;
    const body = new Uint8Array(data.byteLength);
    body.set(data);
    return c.body(body.buffer, 200, {
      ...headers,
      'Content-Type': row.type,
      'Content-Length': String(data.byteLength),
      'Content-Disposition': 'inline',
    });
  };
}

export const imageRoutes: RouteDef[] = [
  route('POST', IMAGE_UPLOAD_API, STOCK_ACCESS.imageUpload, {
    summary: 'Upload an image (JPEG, PNG or WebP, at most 5 MB) for a product, the logo or website content; answers its id and addresses',
    rawBody: { maxBytes: IMAGE_MAX_BYTES, types: [...IMAGE_TYPES, 'multipart/form-data'], tooLarge: TOO_LARGE },
    handler: async (c) => {
      const img = await processImage(await uploadedBytes(c));
      await c.var.db
        .insert(images)
        .values({
          id: img.id,
          type: img.type,
          width: img.width,
          height: img.height,
          bytes: img.data.byteLength,
          data: img.data,
          thumb_type: img.thumbType,
          thumb_data: img.thumbData,
        })
        .onConflictDoNothing({ target: images.id });
      const data: UploadedImage = {
        id: img.id,
        url: imageUrl(img.id),
        thumbnail_url: thumbnailUrl(img.id),
        type: img.type,
        width: img.width,
        height: img.height,
        bytes: img.data.byteLength,
      };
      return c.json({ data, message: 'Image uploaded.' }, 201);
    },
  }),
  // Public: <img> cannot send the bearer token, and the website shows these pictures anyway.
  // An id is a SHA-256, so nobody finds an image without being given its address.
  route('GET', `${IMAGES_API}/:id`, 'public', { summary: 'An uploaded image', handler: (c) => serve(c, 'image')() }),
  route('GET', `${IMAGES_API}/:id/thumb`, 'public', { summary: 'An uploaded image’s thumbnail (WebP)', handler: (c) => serve(c, 'thumb')() }),
];

import { z } from 'zod';

/**
 * Uploaded images (POST /api/v1/admin/images): the server checks what the file really is,
 * re-encodes it, makes a thumbnail and keeps both in the database under the SHA-256 of the
 * stored image, which is also its address, so it can be cached for good.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const IMAGES_API = '/api/v1/images';
export const IMAGE_UPLOAD_API = '/api/v1/admin/images';

/** An image id: the hex SHA-256 of the stored image. */
export const IMAGE_ID = /^[0-9a-f]{64}$/;

export const imageUrl = (id: string) => `${IMAGES_API}/${id}`;
export const thumbnailUrl = (id: string) => `${IMAGES_API}/${id}/thumb`;

/** The id of an uploaded image, or none (blank or null). */
export const optionalImage = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string({ error: 'Upload the image again.' }).regex(IMAGE_ID, { error: 'Upload the image again.' }).nullable(),
    )
    .optional();

/** What an upload answers. */
export interface UploadedImage {
  id: string;
  url: string;
  thumbnail_url: string;
  type: (typeof IMAGE_TYPES)[number];
  width: number;
  height: number;
  bytes: number;
}

import type { SnapshotFrom } from 'xstate';
import { IMAGE_ID, IMAGES_API, thumbnailUrl } from '../../domain/stock/image.ts';
import type { imageUploadMachine } from './image-upload.machine.ts';

export type ImageUploadSnapshot = SnapshotFrom<typeof imageUploadMachine>;

/**
 * What an image field shows: the preview of its value (an id, or an address), whether a file
 * can be chosen or the image removed now, what is on its way, and the error to show.
 *
 * The preview is always the server's thumbnail of an uploaded image, never the picked file
 * through a blob: address: it shows what was checked, re-encoded and will be shown in the shop
 * (a renamed PDF gets its message, not a broken picture), and the CSP's img-src stays
 * 'self' data:. While the file is on its way the field shows a spinner with its name.
 */
export function selectImageField(s: ImageUploadSnapshot, value: string, store: 'id' | 'url') {
  const v = value.trim();
  let preview: string | null = null;
  if (store === 'id') preview = IMAGE_ID.test(v) ? thumbnailUrl(v) : null;
  else if (v.startsWith(`${IMAGES_API}/`) && /^[0-9a-f]{64}$/.test(v.slice(IMAGES_API.length + 1))) preview = `${v}/thumb`;
  return {
    preview,
    uploading: s.hasTag('busy'),
    fileName: s.context.fileName,
    error: s.context.error,
    canChoose: s.can({ type: 'image.choose', file: { name: '', type: 'image/png', size: 1 } }),
    canRemove: v !== '' && s.can({ type: 'image.remove' }),
  };
}

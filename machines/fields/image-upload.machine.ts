import { assign, fromPromise, setup } from 'xstate';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, type UploadedImage } from '../../domain/stock/image.ts';

/** What the uploader needs to know of a chosen file before sending it (a File is one). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

export interface ImageUploadContext {
  /** Why the last file was not taken; shown under the field. */
  error: string | null;
  /** The file on its way, for "Uploading photo.jpg…". */
  fileName: string | null;
}

export type ImageUploadEvent =
  | { type: 'image.choose'; file: ChosenFile }
  | { type: 'image.remove' };

const MB = 1024 * 1024;
export const IMAGE_MESSAGES = {
  type: (f: ChosenFile) => `${f.name} is not a JPEG, PNG or WebP image. Choose one of those.`,
  size: (f: ChosenFile) => `${f.name} is ${(f.size / MB).toFixed(1)} MB; an image can be at most ${IMAGE_MAX_BYTES / MB} MB. Choose a smaller one.`,
  empty: (f: ChosenFile) => `${f.name} is empty. Choose another file.`,
  failed: 'The image could not be uploaded. Check the connection and try again.',
} as const;

const errorMessage = (e: unknown) => (e as { message?: string } | undefined)?.message || IMAGE_MESSAGES.failed;

/**
 * One image field's upload: a chosen file is checked here first (type, size: the same rules
 * the server applies, so a person hears at once), then sent; the server's answer (its id and
 * addresses) becomes the field's value through `commit`. The server still judges the real
 * file (a renamed PDF is refused there), and its message lands under the field too.
 */
export const imageUploadMachine = setup({
  types: {
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
  },
  actors: {
    uploadImage: fromPromise<UploadedImage, { file: ChosenFile }>(async () => {
      throw new Error('uploadImage is provided by the app');
    }),
  },
  actions: {
    /** The field's new value (provided: the form's `field.change`); null removes the image. */
    commit: (_, _image: { image: UploadedImage | null }) => {},
  },
  guards: {
    isWrongType: ({ event }) => event.type === 'image.choose' && !(IMAGE_TYPES as readonly string[]).includes(event.file.type),
    isTooBig: ({ event }) => event.type === 'image.choose' && event.file.size > IMAGE_MAX_BYTES,
    isEmpty: ({ event }) => event.type === 'image.choose' && event.file.size === 0,
  },
}).createMachine({
  id: 'imageUpload',
  context: { error: null, fileName: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Showing the current image (or none); a file can be chosen or the image removed.',
      on: {
        'image.choose': [
          { guard: 'isWrongType', actions: assign({ error: ({ event }) => IMAGE_MESSAGES.type(event.file) }) },
          { guard: 'isEmpty', actions: assign({ error: ({ event }) => IMAGE_MESSAGES.empty(event.file) }) },
          { guard: 'isTooBig', actions: assign({ error: ({ event }) => IMAGE_MESSAGES.size(event.file) }) },
          { target: 'uploading', actions: assign({ error: null, fileName: ({ event }) => event.file.name }) },
        ],
        'image.remove': { actions: [assign({ error: null }), { type: 'commit', params: { image: null } }] },
      },
    },
    uploading: {
      description: 'The file is on its way; the field says so and nothing else can be chosen.',
      tags: ['busy'],
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ event }) => ({ file: (event as Extract<ImageUploadEvent, { type: 'image.choose' }>).file }),
        onDone: {
          target: 'idle',
          actions: [assign({ fileName: null }), { type: 'commit', params: ({ event }) => ({ image: event.output }) }],
        },
        onError: { target: 'idle', actions: assign({ fileName: null, error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});

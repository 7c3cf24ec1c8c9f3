/**
 * The walks of issue 10's Chromium model test (tests/e2e/product-stock.model.spec.ts): the
 * product form's image uploader and "Generate barcode", and the stock screen's adjustment flow,
 * each one walk over its REAL machine's graph (tests/model/walk.ts) taking every edge. Shared
 * with tests/model/product-stock-walks.model.test.ts, which replays them on real actors so a
 * walk that misses an edge fails in seconds, not in Chromium.
 */
import { createActor, fromPromise, type Actor, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { barcodeMachine } from '../../../machines/fields/barcode.machine.ts';
import { imageUploadMachine, type ChosenFile } from '../../../machines/fields/image-upload.machine.ts';
import { stockScreenMachine } from '../../../machines/stock/stock-screen.machine.ts';
import type { UploadedImage } from '../../../domain/stock/image.ts';
import { Coverage } from '../../model/coverage.ts';
import { coveringWalk, type WalkStep } from '../../model/walk.ts';

const MB = 1024 * 1024;
export const FILES = {
  photo: { name: 'shoe.png', type: 'image/png', size: 1 },
  pdf: { name: 'price-list.pdf', type: 'application/pdf', size: 2_000 },
  huge: { name: 'poster.png', type: 'image/png', size: 6 * MB },
  empty: { name: 'blank.webp', type: 'image/webp', size: 0 },
} satisfies Record<string, ChosenFile>;
export type FileName = keyof typeof FILES;
/** The server's refusal of a file that is not what its name says (mocked in Chromium). */
export const RENAMED = { status: 422, message: 'This file is a PDF document, not an image. Choose a JPEG, PNG or WebP.' };
/** What the model's done event carries; in Chromium the real server answers instead. */
const UPLOADED: UploadedImage = { id: 'c'.repeat(64), url: `/api/v1/images/${'c'.repeat(64)}`, thumbnail_url: `/api/v1/images/${'c'.repeat(64)}/thumb`, type: 'image/png', width: 120, height: 90, bytes: 2_000 };
export const NO_FREE_BARCODE = { status: 409, message: 'No free barcode was found. Try again.' };

const choose = (file: FileName): AnyEventObject => ({ type: 'image.choose', file: FILES[file] });
export const fileOf = (e: AnyEventObject): FileName => (Object.keys(FILES) as FileName[]).find((k) => FILES[k] === e.file)!;

type ImageSnap = SnapshotFrom<typeof imageUploadMachine>;
/** The image walk: `image` is whether the form holds an uploaded image (only then is Remove offered). */
export const imageWalk = () =>
  coveringWalk({
    machine: imageUploadMachine,
    extra: { image: false },
    events: (s: ImageSnap, x) =>
      s.matches('uploading')
        ? [{ type: 'xstate.done.actor.uploadImage', output: UPLOADED }, { type: 'xstate.error.actor.uploadImage', error: RENAMED }]
        : [choose('photo'), choose('pdf'), choose('huge'), choose('empty'), ...(x.image ? [{ type: 'image.remove' }] : [])],
    nextExtra: (x, e) => (e.type === 'xstate.done.actor.uploadImage' ? { image: true } : e.type === 'image.remove' ? { image: false } : x),
    // One state per kind of message (which file was refused is in the step's checks, not the graph).
    key: (s: ImageSnap, x) => `${String(s.value)} error:${s.context.error !== null} image:${x.image}`,
  });

type BarcodeSnap = SnapshotFrom<typeof barcodeMachine>;
/** The barcode walk: `code` is whether the field holds a generated barcode. */
export const barcodeWalk = () =>
  coveringWalk({
    machine: barcodeMachine,
    extra: { code: false },
    events: (s: BarcodeSnap) =>
      s.matches('generating') ? [{ type: 'xstate.done.actor.generateBarcode', output: '2000000000008' }, { type: 'xstate.error.actor.generateBarcode', error: NO_FREE_BARCODE }] : [{ type: 'barcode.generate' }],
    nextExtra: (x, e) => (e.type === 'xstate.done.actor.generateBarcode' ? { code: true } : x),
    key: (s: BarcodeSnap, x) => `${String(s.value)} error:${s.context.error !== null} code:${x.code}`,
  });

type ScreenSnap = SnapshotFrom<typeof stockScreenMachine>;
/** The stock screen's walk (adjust, count) from /admin/stock (`adjust` null) or from a product's "Adjust stock" (?adjust=id). */
export const stockScreenWalk = (adjust: string | null) =>
  coveringWalk({
    machine: stockScreenMachine,
    input: { adjust },
    extra: null,
    events: (s: ScreenSnap) =>
      s.matches('adjusting')
        ? [{ type: 'adjust.close' }, { type: 'adjust.saved' }]
        : s.matches('counting')
          ? [{ type: 'count.close' }, { type: 'count.posted' }]
          : [{ type: 'adjust.open' }, { type: 'count.open' }],
    // How many times the form opened is a counter, not a state; the product it opens with is
    // checked where the walk starts from a product page.
    key: (s: ScreenSnap) => String(s.value),
  });

/**
 * A real actor of the machine that replays a walk's events (its invoked calls never settle:
 * the walk sends their outcomes), measured by `coverage`.
 */
export function twinOf(machine: AnyStateMachine, coverage: Coverage, input?: unknown): Actor<AnyStateMachine> {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const provided: AnyStateMachine = machine.provide({ actors: Object.fromEntries(Object.keys(machine.implementations.actors).map((k) => [k, never])) } as never);
  return createActor(provided, { input, inspect: coverage.inspect }).start();
}

export type AnyWalkStep = WalkStep<AnyStateMachine, unknown>;

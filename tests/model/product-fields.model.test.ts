/**
 * Model-based tests of the product form's own fields (issue 10): the image uploader
 * (machines/fields/image-upload.machine.ts) and "Generate barcode"
 * (machines/fields/barcode.machine.ts). Every edge of each machine's graph is replayed on a
 * REAL actor whose request is a deferred promise the test settles and whose `commit` (the
 * form's field.change) is a spy. What a person relies on: a file the server would refuse is
 * never sent and says why; one upload or generation at a time; the answer becomes the field's
 * value exactly once; a failure is said under the field and changes nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorLogic, type AnyActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { barcodeMachine } from '../../machines/fields/barcode.machine.ts';
import { IMAGE_MESSAGES, imageUploadMachine, type ChosenFile } from '../../machines/fields/image-upload.machine.ts';
import { selectImageField } from '../../machines/fields/image-upload.selectors.ts';
import { stockScreenMachine } from '../../machines/stock/stock-screen.machine.ts';
import type { UploadedImage } from '../../domain/stock/image.ts';
import { barcodeProblem } from '../../domain/stock/barcode.ts';
import { Coverage, deferredCalls, edgePaths, internalOnlyWhenEnabled } from './coverage.ts';

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
type Ev = { event: AnyEventObject };

// ---------------------------------------------------------------- the image uploader
type ImageSnap = SnapshotFrom<typeof imageUploadMachine>;
const imageCoverage = new Coverage('imageUpload', imageUploadMachine);
const PHOTO: ChosenFile = { name: 'shoe.jpg', type: 'image/jpeg', size: 200_000 };
const PDF: ChosenFile = { name: 'price-list.pdf', type: 'application/pdf', size: 10_000 };
const HUGE: ChosenFile = { name: 'poster.png', type: 'image/png', size: 6 * 1024 * 1024 };
const EMPTY: ChosenFile = { name: 'blank.webp', type: 'image/webp', size: 0 };
const UPLOADED: UploadedImage = { id: 'b'.repeat(64), url: `/api/v1/images/${'b'.repeat(64)}`, thumbnail_url: `/api/v1/images/${'b'.repeat(64)}/thumb`, type: 'image/jpeg', width: 800, height: 600, bytes: 90_000 };
const RENAMED = { status: 422, message: 'This file is a PDF document, not an image. Choose a JPEG, PNG or WebP.' };
const choose = (file: ChosenFile) => ({ type: 'image.choose', file });
const IMAGE_EVENTS: AnyEventObject[] = [
  choose(PHOTO),
  choose(PDF),
  choose(HUGE),
  choose(EMPTY),
  { type: 'image.remove' },
  { type: 'xstate.done.actor.uploadImage', output: UPLOADED },
  { type: 'xstate.error.actor.uploadImage', error: RENAMED },
];
const WHY: [ChosenFile, string][] = [
  [PDF, IMAGE_MESSAGES.type(PDF)],
  [HUGE, IMAGE_MESSAGES.size(HUGE)],
  [EMPTY, IMAGE_MESSAGES.empty(EMPTY)],
];

describe('image upload machine, every edge on a real actor', () => {
  const serialize = (s: ImageSnap) => JSON.stringify({ value: s.value, ...s.context });
  const model = new TestModel(imageUploadMachine as unknown as ActorLogic<ImageSnap, AnyEventObject, undefined>, {
    events: IMAGE_EVENTS,
    filterEvents: internalOnlyWhenEnabled as never,
    serializeState: serialize,
  });
  const paths = edgePaths(model, serialize);
  it('has paths', () => expect(paths.length).toBeGreaterThan(10));
  paths.forEach((path, i) =>
    it(`edge ${i}: ${path.steps.slice(1).map((s) => s.event.type + (s.event.file ? ` ${(s.event.file as ChosenFile).name}` : '')).join(' → ')}`, async () => {
      const uploads = deferredCalls<UploadedImage>();
      const commit = vi.fn<(p: { image: UploadedImage | null }) => void>();
      const actor = createActor(
        imageUploadMachine.provide({ actors: { uploadImage: fromPromise((a) => uploads.start(a)) }, actions: { commit: (_, p) => commit(p) } }),
        { inspect: imageCoverage.inspect },
      ).start();
      const snap = () => actor.getSnapshot();
      try {
        await model.testPath(path, {
          events: {
            'image.choose': async ({ event }: Ev) => {
              const file = event.file as ChosenFile;
              const busy = snap().hasTag('busy');
              const [sent, commits] = [uploads.calls.length, commit.mock.calls.length];
              actor.send(event as never);
              const why = WHY.find(([f]) => f === file)?.[1];
              if (busy) {
                // One upload at a time: another file waits until this one is answered.
                expect(uploads.calls).toHaveLength(sent);
              } else if (why) {
                // Refused here, as the server would: nothing sent, the reason under the field.
                expect(uploads.calls).toHaveLength(sent);
                expect(snap().context.error).toBe(why);
              } else {
                expect(uploads.only().input).toEqual({ file });
                expect(snap().context).toMatchObject({ error: null, fileName: file.name });
                expect(selectImageField(snap(), '', 'id').uploading).toBe(true);
                // The picked file is never previewed as itself (no blob: address): the old value's thumbnail, or none.
                expect(selectImageField(snap(), '', 'id').preview).toBeNull();
                expect(selectImageField(snap(), UPLOADED.id, 'id').preview).toBe(UPLOADED.thumbnail_url);
              }
              expect(commit.mock.calls).toHaveLength(commits);
            },
            'image.remove': async ({ event }: Ev) => {
              const busy = snap().hasTag('busy');
              const commits = commit.mock.calls.length;
              actor.send(event as never);
              if (busy) expect(commit.mock.calls).toHaveLength(commits);
              else {
                expect(commit.mock.calls.at(-1)).toEqual([{ image: null }]);
                expect(snap().context.error).toBeNull();
              }
            },
            'xstate.done.actor.uploadImage': async () => {
              uploads.only().resolve(UPLOADED);
              await settled();
              expect(commit.mock.calls.at(-1)).toEqual([{ image: UPLOADED }]);
              expect(selectImageField(snap(), UPLOADED.id, 'id').preview).toBe(UPLOADED.thumbnail_url);
              expect(selectImageField(snap(), UPLOADED.url, 'url').preview).toBe(UPLOADED.thumbnail_url);
            },
            'xstate.error.actor.uploadImage': async () => {
              const commits = commit.mock.calls.length;
              uploads.only().reject(RENAMED);
              await settled();
              expect(commit.mock.calls).toHaveLength(commits);
              expect(snap().context.error).toBe(RENAMED.message);
            },
          } as never,
        });
        expect(uploads.live().length).toBe(snap().hasTag('busy') ? 1 : 0);
      } finally {
        actor.stop();
      }
    }),
  );
  it('covers every state and transition of the image upload machine', () => {
    const r = imageCoverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

// ---------------------------------------------------------------- Generate barcode
type BarcodeSnap = SnapshotFrom<typeof barcodeMachine>;
const barcodeCoverage = new Coverage('barcode', barcodeMachine);
const FREE = '2012345678903';
const OFFLINE = { status: 0, message: 'The server cannot be reached.' };

describe('barcode machine, every edge on a real actor', () => {
  const serialize = (s: BarcodeSnap) => JSON.stringify({ value: s.value, ...s.context });
  const model = new TestModel(barcodeMachine as unknown as ActorLogic<BarcodeSnap, AnyEventObject, undefined>, {
    events: [{ type: 'barcode.generate' }, { type: 'xstate.done.actor.generateBarcode', output: FREE }, { type: 'xstate.error.actor.generateBarcode', error: OFFLINE }],
    filterEvents: internalOnlyWhenEnabled as never,
    serializeState: serialize,
  });
  const paths = edgePaths(model, serialize);
  paths.forEach((path, i) =>
    it(`edge ${i}: ${path.steps.slice(1).map((s) => s.event.type).join(' → ')}`, async () => {
      const calls = deferredCalls<string>();
      const commit = vi.fn<(p: { barcode: string }) => void>();
      const actor = createActor(
        barcodeMachine.provide({ actors: { generateBarcode: fromPromise((a) => calls.start(a as never)) }, actions: { commit: (_, p) => commit(p) } }),
        { inspect: barcodeCoverage.inspect },
      ).start();
      try {
        await model.testPath(path, {
          events: {
            'barcode.generate': async ({ event }: Ev) => {
              const busy = actor.getSnapshot().hasTag('busy');
              const sent = calls.calls.length;
              expect(actor.getSnapshot().can({ type: 'barcode.generate' })).toBe(!busy);
              actor.send(event as never);
              expect(calls.calls).toHaveLength(busy ? sent : sent + 1);
              expect(actor.getSnapshot().context.error).toBeNull();
            },
            'xstate.done.actor.generateBarcode': async () => {
              calls.only().resolve(FREE);
              await settled();
              expect(commit.mock.calls.at(-1)).toEqual([{ barcode: FREE }]);
              // What the server makes passes the shared barcode rule.
              expect(barcodeProblem(FREE)).toBeUndefined();
            },
            'xstate.error.actor.generateBarcode': async () => {
              const commits = commit.mock.calls.length;
              calls.only().reject(OFFLINE);
              await settled();
              expect(commit.mock.calls).toHaveLength(commits);
              expect(actor.getSnapshot().context.error).toBe(OFFLINE.message);
            },
          } as never,
        });
      } finally {
        actor.stop();
      }
    }),
  );
  it('covers every state and transition of the barcode machine', () => {
    const r = barcodeCoverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

// ---------------------------------------------------------------- the adjustment flow's screen
type ScreenSnap = SnapshotFrom<typeof stockScreenMachine>;
const screenCoverage = new Coverage('stockScreen', stockScreenMachine);

describe('stock screen machine (the adjustment form or the stock count opens, saves, closes), every edge', () => {
  for (const adjust of [null, '5']) {
    // Not the opening count: it grows without end, and each opening is checked as it happens.
    const serialize = (s: ScreenSnap) => JSON.stringify({ value: s.value, productId: s.context.productId });
    const model = new TestModel(stockScreenMachine as unknown as AnyActorLogic as ActorLogic<ScreenSnap, AnyEventObject, { adjust: string | null }>, {
      input: { adjust },
      events: [{ type: 'adjust.open' }, { type: 'adjust.open', productId: '7' }, { type: 'adjust.close' }, { type: 'adjust.saved' }, { type: 'count.open' }, { type: 'count.close' }, { type: 'count.posted' }],
      serializeState: serialize,
    });
    const paths = edgePaths(model, serialize).filter((p) => p.steps.length <= 5);
    paths.forEach((path, i) =>
      it(`?adjust=${adjust ?? ''} edge ${i}: ${path.steps.slice(1).map((s) => JSON.stringify(s.event)).join(' → ')}`, async () => {
        const changed = vi.fn();
        const released = vi.fn();
        const actor = createActor(stockScreenMachine.provide({ actions: { stockChanged: changed, releaseLeaveGuard: released } }), { input: { adjust }, inspect: screenCoverage.inspect }).start();
        const snap = () => actor.getSnapshot();
        expect(snap().matches('adjusting')).toBe(adjust !== null);
        try {
          await model.testPath(path, {
            events: {
              'adjust.open': ({ event }: Ev) => {
                const [was, counting, opened] = [snap().matches('adjusting'), snap().matches('counting'), snap().context.opened];
                actor.send(event as never);
                // One panel at a time: an open count is left as it is.
                expect(snap().matches(counting ? 'counting' : 'adjusting')).toBe(true);
                // A fresh form each time it opens; an open form is left as it is.
                expect(snap().context.opened).toBe(was || counting ? opened : opened + 1);
                if (!was && !counting) expect(snap().context.productId).toBe((event.productId as string | undefined) ?? null);
              },
              'adjust.close': ({ event }: Ev) => {
                const [was, counting, releases, changes] = [snap().matches('adjusting'), snap().matches('counting'), released.mock.calls.length, changed.mock.calls.length];
                actor.send(event as never);
                expect(snap().matches(counting ? 'counting' : 'browsing')).toBe(true);
                expect(released).toHaveBeenCalledTimes(was ? releases + 1 : releases);
                expect(changed).toHaveBeenCalledTimes(changes);
              },
              'adjust.saved': ({ event }: Ev) => {
                const [was, counting, changes] = [snap().matches('adjusting'), snap().matches('counting'), changed.mock.calls.length];
                actor.send(event as never);
                // Saved: the levels, the ledger and the bell are told, once.
                expect(changed).toHaveBeenCalledTimes(was ? changes + 1 : changes);
                expect(snap().matches(counting ? 'counting' : 'browsing')).toBe(true);
              },
              'count.open': ({ event }: Ev) => {
                const [before, opened] = [snap().value, snap().context.opened];
                actor.send(event as never);
                // Only from the lists: an open adjustment form is left as it is.
                expect(snap().value).toBe(before === 'browsing' ? 'counting' : before);
                expect(snap().context.opened).toBe(before === 'browsing' ? opened + 1 : opened);
              },
              'count.close': ({ event }: Ev) => {
                const [before, releases] = [snap().value, released.mock.calls.length];
                actor.send(event as never);
                expect(snap().value).toBe(before === 'counting' ? 'browsing' : before);
                expect(released).toHaveBeenCalledTimes(before === 'counting' ? releases + 1 : releases);
              },
              'count.posted': ({ event }: Ev) => {
                const [before, changes] = [snap().value, changed.mock.calls.length];
                actor.send(event as never);
                // Posted: the levels, the ledger and the bell are told, once.
                expect(changed).toHaveBeenCalledTimes(before === 'counting' ? changes + 1 : changes);
                expect(snap().value).toBe(before === 'counting' ? 'browsing' : before);
              },
            } as never,
          });
        } finally {
          actor.stop();
        }
      }),
    );
  }
  it('covers every state and transition of the stock screen machine', () => {
    const r = screenCoverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

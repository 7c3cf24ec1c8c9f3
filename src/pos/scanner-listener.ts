import { createScanDetector, type ScannerOptions } from '../../domain/pos/scanner.ts';

/**
 * Listens to the whole page for barcode scans (domain/pos/scanner.ts's rule), also while a text
 * box has focus. Keys are never held back, so a person typing is unaffected; when a burst turns
 * out to be a scan, its Enter or Tab is kept from submitting or moving focus, and the text box
 * the burst typed into is put back as it was before the burst's first key (its value and its
 * selection, with an `input` event, so a React-controlled box follows). Listens in the capture
 * phase, before the page's own handlers.
 */

/** What the listener needs of a text box: an <input> or <textarea>. */
interface TextBox {
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
  setSelectionRange(start: number | null, end: number | null): void;
  dispatchEvent(event: Event): boolean;
}
interface Kept {
  box: TextBox;
  value: string;
  start: number | null;
  end: number | null;
}

const isTextBox = (target: unknown): target is TextBox =>
  !!target && typeof target === 'object' && typeof (target as TextBox).value === 'string' && typeof (target as TextBox).setSelectionRange === 'function' && typeof (target as TextBox).dispatchEvent === 'function';

/** Sets a box's value through its prototype's setter: React tracks values set on the element itself and would miss the change. */
function setValue(box: TextBox, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box), 'value')?.set;
  if (setter) setter.call(box, value);
  else box.value = value;
}

function putBack({ box, value, start, end }: Kept) {
  if (box.value === value) return;
  setValue(box, value);
  try {
    box.setSelectionRange(start, end);
  } catch {
    // An input type without a selection (email, number): the value is back, which is what matters.
  }
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A key pressed before the listener was there (src/app/before-takeover.ts keysBeforeTakeover), with where its text box stood just before it. */
export interface EarlierKey {
  key: string;
  time: number;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: unknown;
  value: string | null;
  start: number | null;
  end: number | null;
}

export interface ScanTarget {
  addEventListener(type: 'keydown', listener: (event: KeyboardEvent) => void, options: { capture: boolean }): void;
  removeEventListener(type: 'keydown', listener: (event: KeyboardEvent) => void, options: { capture: boolean }): void;
}

/**
 * Calls `onScan` with each code scanned anywhere on `target` (the window by default); returns the
 * function that stops listening. `earlier`: the keys pressed before it listened (on a page the
 * server drew, before the app took it over), heard first, so a scan under way goes on: its head,
 * typed into the drawing, and its tail, heard here, are one scan.
 */
export function listenForScans(onScan: (code: string) => void, options: Partial<ScannerOptions> & { target?: ScanTarget; earlier?: readonly EarlierKey[] } = {}): () => void {
  const { target = globalThis as unknown as ScanTarget, earlier = [], ...rule } = options;
  const detector = createScanDetector(rule);
  let kept: Kept | undefined;
  for (const key of earlier) {
    const step = detector.feed(key);
    if (step.kind === 'start') kept = isTextBox(key.target) && key.value !== null ? { box: key.target, value: key.value, start: key.start, end: key.end } : undefined;
    // A scan that ended before the app came: the page makes its Enter again once the app holds it
    // (before-takeover.ts), and the search box takes it; taken here too, it would sell twice.
    else if (step.kind !== 'key') kept = undefined;
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || event.repeat) {
      detector.reset();
      return;
    }
    const step = detector.feed({ key: event.key, time: event.timeStamp, ctrlKey: event.ctrlKey, altKey: event.altKey, metaKey: event.metaKey });
    if (step.kind === 'start') {
      const box = event.target;
      kept = isTextBox(box) ? { box, value: box.value, start: box.selectionStart, end: box.selectionEnd } : undefined;
    } else if (step.kind === 'scan') {
      event.preventDefault();
      event.stopPropagation();
      if (kept) putBack(kept);
      kept = undefined;
      onScan(step.code);
    } else if (step.kind === 'other') {
      kept = undefined;
    }
  };
  target.addEventListener('keydown', onKeyDown, { capture: true });
  return () => target.removeEventListener('keydown', onKeyDown, { capture: true });
}

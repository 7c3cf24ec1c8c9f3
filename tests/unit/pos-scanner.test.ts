/**
 * domain/pos/scanner.ts fed keys with their times, and src/pos/scanner-listener.ts on a stand-in
 * page (a target taking keydown listeners, a text box with a value and a selection).
 */
import { describe, expect, it } from 'vitest';
import { createScanDetector, type ScanKey, type ScanStep } from '../../domain/pos/scanner.ts';
import { listenForScans, type ScanTarget } from '../../src/pos/scanner-listener.ts';

/** Feeds `text` one key every `gap` ms from `from`, then `end` after `endGap`; the steps. */
function type(detector: ReturnType<typeof createScanDetector>, text: string, { from = 1000, gap = 20, end = 'Enter', endGap = gap }: { from?: number; gap?: number; end?: string; endGap?: number } = {}): ScanStep[] {
  const keys: ScanKey[] = [...text].map((key, i) => ({ key, time: from + i * gap }));
  if (end) keys.push({ key: end, time: from + (text.length - 1) * gap + endGap });
  return keys.map((k) => detector.feed(k));
}
const scans = (steps: ScanStep[]) => steps.flatMap((s) => (s.kind === 'scan' ? [s.code] : []));
/** Keys as "key@time" (a bare "@" is the at sign itself, so the time is after the last @). */
const keysAt = (...presses: string[]): ScanKey[] =>
  presses.map((p) => {
    const at = p.lastIndexOf('@');
    return { key: p.slice(0, at), time: Number(p.slice(at + 1)) };
  });

describe('the scan rule', () => {
  it('recognises fast keys ended by Enter or Tab', () => {
    const d = createScanDetector();
    expect(type(d, '4006381333931')).toEqual([{ kind: 'start' }, ...Array(12).fill({ kind: 'key' }), { kind: 'scan', code: '4006381333931' }]);
    expect(scans(type(d, 'ABC-123', { from: 5000, end: 'Tab' }))).toEqual(['ABC-123']);
  });

  it('takes keys exactly at the longest gap, not one millisecond over', () => {
    expect(scans(type(createScanDetector(), '12345', { gap: 100 }))).toEqual(['12345']);
    expect(scans(type(createScanDetector(), '12345', { gap: 101 }))).toEqual([]);
    // Enter late after fast keys: a person pressing Enter, not a scanner.
    expect(scans(type(createScanDetector(), '12345', { gap: 10, endGap: 150 }))).toEqual([]);
  });

  it('makes the longest gap a parameter', () => {
    expect(scans(type(createScanDetector({ maxGapMs: 30 }), '12345', { gap: 40 }))).toEqual([]);
    expect(scans(type(createScanDetector({ maxGapMs: 50 }), '12345', { gap: 40 }))).toEqual(['12345']);
  });

  it('needs at least three characters', () => {
    expect(scans(type(createScanDetector(), '12'))).toEqual([]);
    expect(scans(type(createScanDetector(), '123'))).toEqual(['123']);
    expect(scans(type(createScanDetector({ minLength: 8 }), '1234567'))).toEqual([]);
  });

  it('leaves a person typing slowly alone, and Enter after it is theirs', () => {
    const d = createScanDetector();
    const steps = type(d, 'kettle', { gap: 180 });
    expect(steps.slice(0, 6)).toEqual(Array(6).fill({ kind: 'start' }));
    expect(steps[6]).toEqual({ kind: 'other' });
  });

  it('starts a new burst after a pause, so what was typed before a scan is not part of it', () => {
    const d = createScanDetector();
    const person = type(d, 'ket', { gap: 200, end: '' });
    expect(person.map((s) => s.kind)).toEqual(['start', 'start', 'start']);
    const scan = type(d, '2112345015002', { from: 2000, gap: 15 });
    expect(scan[0]).toEqual({ kind: 'start' });
    expect(scans(scan)).toEqual(['2112345015002']);
  });

  it('lets Shift pass inside a burst (scanners send it before capitals)', () => {
    const d = createScanDetector();
    const keys = keysAt('Shift@0', 'A@5', 'Shift@10', 'B@15', '1@30', 'Enter@40');
    expect(scans(keys.map((k) => d.feed(k)))).toEqual(['AB1']);
  });

  it('is broken by editing keys and by commands', () => {
    const d = createScanDetector();
    const keys = keysAt('1@0', '2@10', 'Backspace@20', '3@30', '4@40', 'Enter@50');
    expect(scans(keys.map((k) => d.feed(k)))).toEqual([]);
    // Ctrl+C, Ctrl+V held in a burst: commands, not characters.
    const e = createScanDetector();
    expect(e.feed({ key: '1', time: 0 })).toEqual({ kind: 'start' });
    expect(e.feed({ key: 'v', time: 10, ctrlKey: true })).toEqual({ kind: 'other' });
    expect(scans([{ key: '2', time: 20 }, { key: '3', time: 30 }, { key: 'Enter', time: 40, ctrlKey: true }].map((k) => e.feed(k)))).toEqual([]);
  });

  it('forgets the burst once a scan ends, ready for the next', () => {
    const d = createScanDetector();
    expect(scans(type(d, '111', { from: 0 }))).toEqual(['111']);
    expect(d.pending).toBe('');
    // The next scan right after (within the gap) starts afresh.
    expect(scans(type(d, '222', { from: 50 }))).toEqual(['222']);
  });
});

/** A stand-in for the page: keydown listeners in capture order, and text boxes. */
class Page implements ScanTarget {
  listeners: ((e: KeyboardEvent) => void)[] = [];
  addEventListener(_: 'keydown', l: (e: KeyboardEvent) => void) {
    this.listeners.push(l);
  }
  removeEventListener(_: 'keydown', l: (e: KeyboardEvent) => void) {
    this.listeners = this.listeners.filter((x) => x !== l);
  }
  /** Presses `key` at `time` on `target`: the listeners, then (unless prevented) what the key does in a text box. */
  press(key: string, time: number, target: unknown = null) {
    let prevented = false;
    let stopped = false;
    const event = { key, timeStamp: time, target, ctrlKey: false, altKey: false, metaKey: false, isComposing: false, repeat: false, preventDefault: () => (prevented = true), stopPropagation: () => (stopped = true) };
    for (const l of this.listeners) l(event as unknown as KeyboardEvent);
    if (!prevented && target instanceof Box && key.length === 1) target.typeChar(key);
    return { prevented, stopped };
  }
}
class Box {
  #value = '';
  selectionStart: number | null = 0;
  selectionEnd: number | null = 0;
  inputs = 0;
  constructor(value = '') {
    this.#value = value;
    this.selectionStart = this.selectionEnd = value.length;
  }
  get value() {
    return this.#value;
  }
  set value(v: string) {
    this.#value = v;
  }
  setSelectionRange(start: number | null, end: number | null) {
    this.selectionStart = start;
    this.selectionEnd = end;
  }
  dispatchEvent(e: Event) {
    if (e.type === 'input') this.inputs++;
    return true;
  }
  /** What the browser does with a character: replaces the selection. */
  typeChar(c: string) {
    const s = this.selectionStart ?? this.#value.length;
    const e = this.selectionEnd ?? s;
    this.#value = this.#value.slice(0, s) + c + this.#value.slice(e);
    this.selectionStart = this.selectionEnd = s + 1;
  }
}

describe('listening on the page', () => {
  it('takes a scan out of the search box it typed into, keeps its Enter from submitting, and reports it', () => {
    const page = new Page();
    const codes: string[] = [];
    listenForScans((c) => codes.push(c), { target: page });
    const search = new Box('ket');
    search.setSelectionRange(1, 2); // "e" selected: the scan's first key replaces it
    let t = 1000;
    for (const c of '4006381333931') page.press(c, (t += 12), search);
    expect(search.value).toBe('k4006381333931t');
    const enter = page.press('Enter', (t += 12), search);
    expect(enter).toEqual({ prevented: true, stopped: true });
    expect(codes).toEqual(['4006381333931']);
    expect(search.value).toBe('ket');
    expect([search.selectionStart, search.selectionEnd]).toEqual([1, 2]);
    expect(search.inputs).toBe(1);
  });

  it('leaves a person typing and pressing Enter in the box alone', () => {
    const page = new Page();
    const codes: string[] = [];
    listenForScans((c) => codes.push(c), { target: page });
    const search = new Box();
    let t = 0;
    for (const c of 'kettle') page.press(c, (t += 160), search);
    expect(page.press('Enter', (t += 160), search)).toEqual({ prevented: false, stopped: false });
    expect(search.value).toBe('kettle');
    expect(search.inputs).toBe(0);
    expect(codes).toEqual([]);
  });

  it('catches a scan with nothing focused, Tab kept from moving focus', () => {
    const page = new Page();
    const codes: string[] = [];
    listenForScans((c) => codes.push(c), { target: page, maxGapMs: 50 });
    let t = 0;
    for (const c of 'SKU-9') page.press(c, (t += 30));
    expect(page.press('Tab', (t += 30)).prevented).toBe(true);
    expect(codes).toEqual(['SKU-9']);
  });

  it('stops listening when told', () => {
    const page = new Page();
    const codes: string[] = [];
    const stop = listenForScans((c) => codes.push(c), { target: page });
    stop();
    let t = 0;
    for (const c of '12345') page.press(c, (t += 10));
    expect(page.press('Enter', (t += 10)).prevented).toBe(false);
    expect(codes).toEqual([]);
  });

  describe('keys pressed before it listened (a drawn page, before the app took it over)', () => {
    /** Presses `text` into `box` the way the drawn page logged them (src/app/before-takeover.ts): each with the box as it stood before it. */
    const earlier = (box: Box, text: string, from: number, gap = 12) =>
      [...text].map((key, i) => {
        const logged = { key, time: from + i * gap, ctrlKey: false, altKey: false, metaKey: false, target: box, value: box.value, start: box.selectionStart, end: box.selectionEnd };
        box.typeChar(key);
        return logged;
      });

    it('a scan begun on the drawing and ended after is one scan, and the box is as it was before its first key', () => {
      const page = new Page();
      const codes: string[] = [];
      const search = new Box();
      const head = earlier(search, '400638', 1000);
      expect(search.value).toBe('400638');
      listenForScans((c) => codes.push(c), { target: page, earlier: head });
      let t = head.at(-1)!.time;
      for (const c of '1333931') page.press(c, (t += 12), search);
      expect(page.press('Enter', (t += 12), search)).toEqual({ prevented: true, stopped: true });
      expect(codes).toEqual(['4006381333931']);
      expect(search.value).toBe('');
    });

    it('a scan ended on the drawing is left to the page, which makes its Enter again: heard once, not twice', () => {
      const page = new Page();
      const codes: string[] = [];
      const search = new Box();
      const keys = [...earlier(search, '4006381333931', 1000), { key: 'Enter', time: 1160, ctrlKey: false, altKey: false, metaKey: false, target: search, value: search.value, start: 13, end: 13 }];
      listenForScans((c) => codes.push(c), { target: page, earlier: keys });
      expect(codes).toEqual([]);
      // The page's Enter made again once the app holds it: for the box (its own Enter), not a scan.
      expect(page.press('Enter', 1400, search)).toEqual({ prevented: false, stopped: false });
      expect(codes).toEqual([]);
      expect(search.value).toBe('4006381333931');
    });

    it('keys typed long before a key heard now make no scan with it', () => {
      const page = new Page();
      const codes: string[] = [];
      const search = new Box();
      listenForScans((c) => codes.push(c), { target: page, earlier: earlier(search, 'kettle', 1000) });
      let t = 5000;
      for (const c of '12') page.press(c, (t += 12), search);
      expect(page.press('Enter', (t += 12), search).prevented).toBe(false);
      expect(codes).toEqual([]);
    });
  });
});

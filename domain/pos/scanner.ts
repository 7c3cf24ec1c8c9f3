/**
 * A barcode scanner is a keyboard that types fast: Odoo's rule, printable keys at most ~100 ms
 * apart, at least 3 of them, ended by Enter or Tab (DOMAIN.md "The till"). This is the rule
 * alone, fed key presses with their times (src/pos/scanner-listener.ts feeds it the page's
 * keydowns); it touches no DOM, so its tests give it times.
 *
 * Nothing is held back: every key does what it would do, and a person typing is never slowed.
 * What a key starts is told instead, so the listener can act:
 *   `start`  this printable key may begin a scan (the one before it was too long ago, or none):
 *            note where the text box stood before it, to put it back if it becomes a scan
 *   `key`    a printable key that continues the burst
 *   `scan`   this Enter or Tab ends a scan: keep it from doing its own work (submit, move focus),
 *            take the burst's characters back out of the text box, and look the code up
 *   `other`  anything else: no scan now (the burst, if any, is forgotten)
 * Modifier keys alone (Shift before a capital, as scanners send them) neither count nor break a burst.
 */

export interface ScannerOptions {
  /** The longest gap between a scan's keys, ms (Odoo: 100). */
  maxGapMs: number;
  /** The fewest characters a scan has. */
  minLength: number;
  /** The keys (KeyboardEvent.key) that end a scan. */
  terminators: readonly string[];
}
export const SCANNER_DEFAULTS: ScannerOptions = { maxGapMs: 100, minLength: 3, terminators: ['Enter', 'Tab'] };

/** What the detector needs of a keydown: its `key`, its time in ms, and whether a command modifier was held. */
export interface ScanKey {
  key: string;
  time: number;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

export type ScanStep = { kind: 'start' } | { kind: 'key' } | { kind: 'scan'; code: string } | { kind: 'other' };

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

/** Whether a keydown types one character (not a command: Ctrl, Alt or Meta held). */
export const isPrintable = (k: ScanKey) => k.key.length === 1 && !k.ctrlKey && !k.altKey && !k.metaKey;

export interface ScanDetector {
  feed(key: ScanKey): ScanStep;
  /** The characters of the burst so far ('' when none). */
  readonly pending: string;
  reset(): void;
}

export function createScanDetector(options: Partial<ScannerOptions> = {}): ScanDetector {
  const { maxGapMs, minLength, terminators } = { ...SCANNER_DEFAULTS, ...options };
  let burst = '';
  let last = -Infinity;
  const reset = () => {
    burst = '';
    last = -Infinity;
  };
  return {
    get pending() {
      return burst;
    },
    reset,
    feed(k) {
      if (MODIFIERS.has(k.key)) return { kind: burst ? 'key' : 'other' };
      const inTime = k.time - last <= maxGapMs;
      if (isPrintable(k)) {
        const starts = !burst || !inTime;
        burst = starts ? k.key : burst + k.key;
        last = k.time;
        return { kind: starts ? 'start' : 'key' };
      }
      const code = burst;
      reset();
      if (terminators.includes(k.key) && !k.ctrlKey && !k.altKey && !k.metaKey && inTime && code.length >= minLength) return { kind: 'scan', code };
      return { kind: 'other' };
    },
  };
}

/**
 * A value inside a form or a request body is addressed by its full path, written as a key:
 * `name`, `role_ids.2`, `lines.3.quantity`. The browser's validation, the server's 422 and the
 * form machine all use these keys, so an error inside a list (one document line's quantity)
 * lands under that line's own field and nowhere else.
 */
export type PathSegment = PropertyKey;

/** A zod issue path (or any path) → its key; the empty path (the body itself) is `body`. */
export function pathKey(path: readonly PathSegment[]): string {
  return path.length ? path.map((p) => (typeof p === 'symbol' ? (p.description ?? '') : String(p))).join('.') : 'body';
}

/** `lines.3.quantity` → ['lines', '3', 'quantity']. */
export const keySegments = (key: string): string[] => key.split('.');

/** The key itself or a key below it (`lines.3.quantity` is under `lines` and `lines.3`). */
export const isAtOrUnder = (key: string, prefix: string): boolean => key === prefix || key.startsWith(`${prefix}.`);

const isIndex = (segment: string) => /^(0|[1-9]\d*)$/.test(segment);

/** The value at `key`, or undefined when any step of the way is missing. */
export function getAt(source: unknown, key: string): unknown {
  let cur: unknown = source;
  for (const segment of keySegments(key)) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, segment)) return undefined;
    cur = (cur as Record<string, unknown>)[segment];
  }
  return cur;
}

/**
 * A copy of `source` with `value` at `key`; objects and arrays on the way are copied, never
 * changed, and made when missing (an array where the next step is an index).
 */
export function setAt<T extends Record<string, unknown>>(source: T, key: string, value: unknown): T {
  const segments = keySegments(key);
  const put = (cur: unknown, i: number): unknown => {
    const segment = segments[i]!;
    const container: Record<string, unknown> | unknown[] = Array.isArray(cur)
      ? [...cur]
      : cur !== null && typeof cur === 'object'
        ? { ...(cur as Record<string, unknown>) }
        : isIndex(segment)
          ? []
          : {};
    const next = i === segments.length - 1 ? value : put((container as Record<string, unknown>)[segment], i + 1);
    // defineProperty, not assignment: a key named __proto__ stays a plain own key.
    Object.defineProperty(container, segment, { value: next, enumerable: true, writable: true, configurable: true });
    return container;
  };
  return put(source, 0) as T;
}

/** The part of a zod issue the keys are made from. */
export interface IssueLike {
  code?: string;
  path: readonly PathSegment[];
  message: string;
  /** `unrecognized_keys`: the unknown fields, each named at its own path. */
  keys?: readonly string[];
}

export const UNKNOWN_FIELD_MESSAGE = 'This field is not allowed.';

/**
 * Each issue as `[key, message]` pairs: the value's full path and what is wrong with it. An
 * unknown field is named where it is (`lines.3.colour`), not at the object holding it. The
 * browser's validation and the server's 422 both read issues through here.
 */
export function issueMessages(issues: readonly IssueLike[]): [string, string][] {
  const out: [string, string][] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) out.push([pathKey([...issue.path, key]), UNKNOWN_FIELD_MESSAGE]);
    } else out.push([pathKey(issue.path), issue.message]);
  }
  return out;
}

/** The first message for each key, in the order the issues were found. */
export function firstMessages(issues: readonly IssueLike[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of issueMessages(issues)) {
    // defineProperty, not assignment: a field named __proto__ stays a plain key.
    if (!Object.hasOwn(out, key)) Object.defineProperty(out, key, { value: message, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Errors (by full path) without these paths; errors are kept collapsed, so no path lies under another. */
export function omitErrors(errors: Record<string, string>, ...keys: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)));
}

/** Errors under a removed row of `list` (`lines.N…`, `payments.N…`) go with it; those of the rows below move up one. */
export function shiftLineErrors(errors: Record<string, string>, removed: number, list = 'lines'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) {
    const m = new RegExp(`^${list}\\.(\\d+)(\\..*)?$`).exec(k);
    if (!m) out[k] = v;
    else if (Number(m[1]) < removed) out[k] = v;
    else if (Number(m[1]) > removed) out[`${list}.${Number(m[1]) - 1}${m[2] ?? ''}`] = v;
  }
  return out;
}

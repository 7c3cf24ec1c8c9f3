import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * @xstate/react's useSelector on React's own useSyncExternalStore. The package's version goes
 * through the use-sync-external-store "with selector" shim (written for React 17); this one is
 * the same contract (a selected value that stays the same object while `compare` says equal, an
 * actor's error thrown to the nearest boundary) without that code on every page, the sign-in
 * page first. The one useSelector of the app; as the package's, it takes an actor that may not
 * be there yet (a child machine not spawned), and gives the selector `undefined` then.
 */
export function useSelector<A extends AnyActorRef | undefined, T>(
  actor: A,
  selector: (snapshot: A extends AnyActorRef ? SnapshotFrom<A> : undefined) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const last = useRef<{ snapshot: unknown; selector: unknown; value: T } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const { unsubscribe } = actor.subscribe({ next: onChange, error: onChange });
      return unsubscribe;
    },
    [actor],
  );
  const read = (): T => {
    const snapshot = actor?.getSnapshot() as A extends AnyActorRef ? SnapshotFrom<A> : undefined;
    const { status, error } = (snapshot ?? {}) as { status?: string; error?: unknown };
    if (status === 'error') throw error;
    const prev = last.current;
    if (prev && prev.snapshot === snapshot && prev.selector === selector) return prev.value;
    const next = selector(snapshot);
    // An equal value keeps the old object, so React sees no change and does not re-render.
    const value = prev && compare(prev.value, next) ? prev.value : next;
    last.current = { snapshot, selector, value };
    return value;
  };
  return useSyncExternalStore(subscribe, read, read);
}

const same = (a: unknown, b: unknown) => Object.is(a, b);

/** Equal when both are the same, or objects with the same keys holding the same values. */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (same(a, b)) return true;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

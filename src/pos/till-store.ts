import type { TillStore } from './ports.ts';

/**
 * The till's small state in localStorage (ports.ts TillStore): written whole on every change, so
 * a reload, a crash or a closed tab finds the cart as it was. Storage refused (a private window,
 * quota): the till keeps selling and says nothing is kept, rather than stopping a sale.
 */
export function localTillStore<T>(key: string, store: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage): TillStore<T> {
  return {
    load() {
      try {
        const text = store?.getItem(key);
        return text ? (JSON.parse(text) as T) : null;
      } catch {
        return null;
      }
    },
    save(value) {
      try {
        store?.setItem(key, JSON.stringify(value));
      } catch {
        // Nothing to do: the sale goes on; only a reload would lose the cart.
      }
    },
  };
}

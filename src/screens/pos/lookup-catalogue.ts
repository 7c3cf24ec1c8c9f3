import type { CatalogueProduct } from '../../../domain/pos/till.facts.ts';
import type { LocalCatalogue } from '../../pos/ports.ts';
import type { Api } from '../../app/api.ts';
import { lookedUp, lookupProducts } from './till-server.ts';

/**
 * FALLBACK catalogue until the IndexedDB one (src/pos/catalogue-store.ts) is on main: the
 * LocalCatalogue port over the server's product lookup. A search answers with what the last
 * answer for that text held and asks the server for it (its subscribers hear when it comes);
 * a scan is known once a search or the server's "by code" found it. No categories: the lookup
 * has none. It is slower than the local catalogue by a round trip, and says so by its name.
 */
export function lookupCatalogue(api: Api): LocalCatalogue {
  const known = new Map<number, CatalogueProduct>();
  const answers = new Map<string, CatalogueProduct[]>();
  const asking = new Set<string>();
  const listeners = new Set<() => void>();
  const tell = () => listeners.forEach((l) => l());
  const learn = (found: CatalogueProduct[]) => found.forEach((p) => known.set(p.id, p));
  return {
    open: async () => undefined,
    search(text, options = {}) {
      const t = text.trim();
      if (!t) return [...known.values()].slice(0, options.limit ?? 48);
      if (!answers.has(t) && !asking.has(t)) {
        asking.add(t);
        lookupProducts(api, t)
          .then((found) => {
            const products = found.map(lookedUp);
            learn(products);
            answers.set(t, products);
          })
          .catch(() => answers.set(t, []))
          .finally(() => {
            asking.delete(t);
            tell();
          });
      }
      return (answers.get(t) ?? []).slice(0, options.limit ?? 48);
    },
    byCode: (code) => [...known.values()].find((p) => p.barcode === code || p.sku === code),
    byId: (id) => known.get(id),
    categories: () => [],
    sync: async () => ({ changed: 0 }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

import type { Outbox, OutboxEntry } from '../../pos/ports.ts';

/**
 * FALLBACK outbox until the IndexedDB one (src/pos/outbox.ts) is on main: the Outbox port in
 * localStorage under one key, replayed under a Web Lock so one tab sends at a time. Entries
 * leave it only when the server took them (or a person resolves them); a refusal is kept with
 * its reason. Other tabs hear changes through the storage event.
 */
export function storageOutbox(key = 'till_outbox', store: Storage = globalThis.localStorage): Outbox {
  const listeners = new Set<() => void>();
  const read = (): OutboxEntry[] => {
    try {
      return JSON.parse(store.getItem(key) ?? '[]') as OutboxEntry[];
    } catch {
      return [];
    }
  };
  const write = (entries: OutboxEntry[]) => {
    store.setItem(key, JSON.stringify(entries));
    listeners.forEach((l) => l());
  };
  const update = (k: string, change: (e: OutboxEntry) => OutboxEntry) => write(read().map((e) => (e.key === k ? change(e) : e)));
  globalThis.addEventListener?.('storage', (e) => {
    if (e.key === key) listeners.forEach((l) => l());
  });
  const locked = <T>(work: () => Promise<T>): Promise<T | undefined> => (globalThis.navigator?.locks ? (globalThis.navigator.locks.request(`${key}-replay`, work) as Promise<T>) : work());
  return {
    put: async (entry) => write([...read().filter((e) => e.key !== entry.key), entry]),
    list: async () => read(),
    remove: async (k) => write(read().filter((e) => e.key !== k)),
    setAttention: async (k, reason) => update(k, (e) => ({ ...e, state: 'attention', reason })),
    async replay(send) {
      await locked(async () => {
        for (const entry of read().filter((e) => e.state === 'waiting').sort((a, b) => a.made_at.localeCompare(b.made_at))) {
          // Another tab may have sent it while this one waited for the lock.
          if (!read().some((e) => e.key === entry.key && e.state === 'waiting')) continue;
          const answer = await send(entry);
          if (answer === 'unreachable') return update(entry.key, (e) => ({ ...e, tries: e.tries + 1 }));
          if (answer === 'sent') write(read().filter((e) => e.key !== entry.key));
          else update(entry.key, (e) => ({ ...e, state: 'attention', reason: answer.refused }));
        }
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

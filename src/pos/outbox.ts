import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Outbox, OutboxEntry } from './ports.ts';

/**
 * The till's outbox in IndexedDB (Outbox, ./ports.ts): sales made on the till wait here under
 * their idempotency key until the server has them. Nothing leaves it but a sale the server
 * answered, or a person removing it; a sale the server refused (4xx) stays, marked for attention
 * with the server's reason.
 *
 * Order: each entry gets a sequence number when first put, taken from the highest in the same
 * readwrite transaction, so two tabs putting at once still number in the order they were made.
 *
 * One tab replays at a time: the Web Locks API (navigator.locks) with an exclusive lock that
 * other tabs wait for (the port's contract: a replay asked for while another runs resolves once
 * that one is done and whatever is left has been tried). Chosen over a BroadcastChannel
 * election because the browser itself releases a lock when its tab closes or crashes, where an
 * elected leader that dies must be noticed by heartbeats and timeouts, and because every entry
 * is read again under the lock just before it is sent, so a tab that waited never sends what
 * the other already sent. A tab that dies mid-send leaves its entry waiting: sent again later
 * under the same key, the server answers with the first sale.
 *
 * Every change is announced on a BroadcastChannel, so the other tabs' "unsynced N" follows.
 */

interface Stored extends OutboxEntry {
  seq: number;
}
interface OutboxDb extends DBSchema {
  entries: { key: string; value: Stored; indexes: { seq: number } };
}

export const OUTBOX_DB = 'till-outbox';
const LOCK = 'till-outbox-replay';

/** What the outbox needs of the Web Locks API (navigator.locks). */
export interface Locks {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** Without the Web Locks API (never in a supported browser): one lock per page, the replays of this page in turn. */
function pageLocks(): Locks {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: (lock: unknown) => Promise<T>) {
      const run = tail.then(() => callback({}));
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

export interface OutboxSetup {
  dbName?: string;
  /** navigator.locks by default. */
  locks?: Locks;
  /** The channel's name (tests give each outbox their own). */
  channelName?: string;
}

export interface IdbOutbox extends Outbox {
  close(): void;
}

export function createOutbox({ dbName = OUTBOX_DB, locks = (globalThis.navigator as Navigator | undefined)?.locks ?? pageLocks(), channelName = dbName }: OutboxSetup = {}): IdbOutbox {
  let db: Promise<IDBPDatabase<OutboxDb>> | undefined;
  const database = () =>
    (db ??= openDB<OutboxDb>(dbName, 1, {
      upgrade(d) {
        d.createObjectStore('entries', { keyPath: 'key' }).createIndex('seq', 'seq', { unique: true });
      },
    }));
  const listeners = new Set<() => void>();
  // Opened at the first change or listener, not when made: a page drawn on the server makes one and never uses it.
  let channel: BroadcastChannel | undefined;
  const tabs = () => {
    if (!channel && typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(channelName);
      channel.onmessage = notifyHere;
    }
    return channel;
  };
  const notifyHere = () => {
    for (const l of [...listeners]) l();
  };
  const changed = () => {
    notifyHere();
    tabs()?.postMessage('changed');
  };
  const strip = ({ seq: _seq, ...entry }: Stored): OutboxEntry => entry;

  /** Changes one entry in a readwrite transaction; false when it is not there. */
  async function update(key: string, change: (e: Stored) => Stored | null): Promise<boolean> {
    const tx = (await database()).transaction('entries', 'readwrite');
    const found = await tx.store.get(key);
    if (found) {
      const next = change(found);
      await (next ? tx.store.put(next) : tx.store.delete(key));
    }
    await tx.done;
    return !!found;
  }

  const outbox: IdbOutbox = {
    async put(entry) {
      const tx = (await database()).transaction('entries', 'readwrite');
      const kept = await tx.store.get(entry.key);
      const last = kept ? null : await tx.store.index('seq').openCursor(null, 'prev');
      await tx.store.put({ ...entry, seq: kept?.seq ?? (last ? last.value.seq + 1 : 1) });
      await tx.done;
      changed();
    },
    async list() {
      return (await (await database()).getAllFromIndex('entries', 'seq')).map(strip);
    },
    async remove(key) {
      if (await update(key, () => null)) changed();
    },
    async setAttention(key, reason) {
      if (await update(key, (e) => ({ ...e, state: 'attention', reason }))) changed();
    },
    async resend(key) {
      if (await update(key, ({ reason: _reason, ...e }) => ({ ...e, state: 'waiting' }))) changed();
    },
    replay(send) {
      return locks.request(LOCK, async () => {
        const tried = new Set<string>();
        for (;;) {
          // Read again each time: another tab (before this one had the lock) or a person may have changed it.
          const next = (await database().then((d) => d.getAllFromIndex('entries', 'seq'))).find((e) => e.state === 'waiting' && !tried.has(e.key));
          if (!next) return;
          tried.add(next.key);
          let result: Awaited<ReturnType<typeof send>>;
          try {
            result = await send(strip(next));
          } catch {
            result = 'unreachable';
          }
          if (result === 'sent') {
            await update(next.key, () => null);
          } else if (result === 'unreachable') {
            await update(next.key, (e) => ({ ...e, tries: e.tries + 1 }));
            changed();
            return;
          } else {
            await update(next.key, (e) => ({ ...e, state: 'attention', reason: result.refused, tries: e.tries + 1 }));
          }
          changed();
        }
      });
    },
    subscribe(listener) {
      tabs();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      channel?.close();
      channel = undefined;
      void db?.then((d) => d.close());
      db = undefined;
    },
  };
  return outbox;
}

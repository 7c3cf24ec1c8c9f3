import type { SaleCreateBody } from '../../domain/documents/sale.ts';
import type { CatalogueProduct } from '../../domain/pos/till.facts.ts';

/**
 * What the till's machines (machines/checkout/) ask of the browser's storage, as interfaces: the
 * machines take them as input, the page gives the IndexedDB ones (./catalogue-store.ts,
 * ./outbox.ts), tests give ones in memory. Nothing here talks to the network by itself.
 */

/** The catalogue kept in the browser: searched and scanned within a frame, kept current by sync. */
export interface LocalCatalogue {
  /** Loads what the browser kept, then syncs; resolves once the till can search. */
  open(): Promise<void>;
  /** Name, SKU or barcode as typed: exact codes first, then prefixes, then containing; by category when given. */
  search(text: string, options?: { categoryId?: number | null; limit?: number }): CatalogueProduct[];
  /** An exact barcode or SKU (a scan); undefined when the local catalogue does not know it. */
  byCode(code: string): CatalogueProduct | undefined;
  byId(id: number): CatalogueProduct | undefined;
  categories(): { id: number; name: string }[];
  /** Asks the server what changed since the last sync and keeps it; resolves with how many products changed. */
  sync(): Promise<{ changed: number }>;
  /** Called after each change the catalogue takes (a sync, a product learnt by code). */
  subscribe(listener: () => void): () => void;
}

/** A sale made on the till, waiting to reach the server under its idempotency key. */
export interface OutboxEntry {
  key: string;
  body: SaleCreateBody & { register_session_id: number };
  /** When the till made it (ISO). */
  made_at: string;
  /** waiting: to be sent; attention: the server refused it, kept with its reason for a person to resolve. */
  state: 'waiting' | 'attention';
  reason?: string;
  tries: number;
}

/** The till's outbox in IndexedDB: nothing in it is ever dropped but by a successful send or a person. */
export interface Outbox {
  put(entry: OutboxEntry): Promise<void>;
  list(): Promise<OutboxEntry[]>;
  remove(key: string): Promise<void>;
  setAttention(key: string, reason: string): Promise<void>;
  /** A sale kept for attention goes back to waiting (a person recorded what its reason asked, say the stock), to be sent again under its own key. */
  resend(key: string): Promise<void>;
  /**
   * Sends the waiting entries in the order they were made, one at a time, from one tab only
   * (others wait for the lock), with `send`; an entry the server answered is removed, one it
   * refused (4xx) kept for attention, and a failure to reach it stops the replay until the next call.
   */
  replay(send: (entry: OutboxEntry) => Promise<'sent' | { refused: string } | 'unreachable'>): Promise<void>;
  subscribe(listener: () => void): () => void;
}

/**
 * Where the till keeps what must survive a reload, a crash and a closed tab (the cart, the held
 * carts, a payment under way, the last receipt): small, read once when the till opens and written
 * on every change, so synchronous (localStorage in the browser, src/pos/till-store.ts).
 */
export interface TillStore<T> {
  load(): T | null;
  save(value: T): void;
}

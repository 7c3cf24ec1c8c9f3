import { fromCallback, fromPromise } from 'xstate';
import type { SaleCreateBody } from '../../domain/documents/sale.ts';
import type { CatalogueProduct, PosTerms, RegisterSession } from '../../domain/pos/till.facts.ts';
import type { CashMovementBody, RegisterCloseBody, RegisterOpenBody } from '../../domain/pos/till.ts';
import type { LocalCatalogue, Outbox, OutboxEntry } from '../../src/pos/ports.ts';
import { isRequestFailure } from '../auth.machine.ts';
import type { SaleDoc } from '../sales/sale-view.selectors.ts';
import { optionsMachine, type OptionItem } from '../options.machine.ts';
import type { DisplayLink } from '../../src/pos/customer-display.ts';

/**
 * What the till's machines ask of the server, as one interface: the page gives the one over the
 * app's HTTP client (src/screens/pos/till-server.ts), tests a fake. Every call throws a
 * RequestFailure (status 0: the server could not be reached).
 */
export interface TillServer {
  /** The POS setting's terms the till sells on. */
  terms(): Promise<PosTerms>;
  /** A code the local catalogue does not know, asked of the server before the till calls it unknown. */
  productByCode(code: string): Promise<CatalogueProduct | null>;
  /** The serials of a tracked product in stock. */
  serials(productId: number): Promise<string[]>;
  /** A till sale through the sale service, under its Idempotency-Key. */
  postSale(key: string, body: TillSaleBody): Promise<SoldSale>;
  /** A sale found by its reference (the receipt's barcode), as its page shows it; null when none has it. */
  saleByReference(reference: string): Promise<SaleDoc | null>;
  /** A return of the sale's goods through the sale service, under its Idempotency-Key. */
  returnSale(saleId: number, key: string, body: Record<string, unknown>): Promise<ReturnedSale>;
  currentSession(): Promise<RegisterSession | null>;
  openSession(body: RegisterOpenBody): Promise<RegisterSession>;
  moveCash(sessionId: number, body: CashMovementBody): Promise<RegisterSession>;
  closeSession(sessionId: number, body: RegisterCloseBody): Promise<RegisterSession>;
}
export type TillSaleBody = SaleCreateBody & { register_session_id: number };
/** What the till reads of the sale the server recorded. */
export interface SoldSale {
  id: number;
  number: string;
  grand_total: number;
  change: number;
}

/** A return recorded: the sale as it is now, and the server's words ("Return SR-000004 recorded on SL-000012, 12.50 refunded."). */
export interface ReturnedSale {
  sale: SaleDoc;
  message: string;
}
/** A customer as the customers' options give one to the till: its name as the label, its category's discount. */
export type CustomerOption = OptionItem & { discount_bps?: number };

/**
 * Unreachable (queue it), refused (show it, the server recorded nothing) or failed (unknown
 * outcome: retry the same key). A 409 is a refusal (a closed register session, stock gone) unless
 * the server says the key's first request is still being handled (`in_progress`).
 */
export type FailureKind = 'unreachable' | 'refused' | 'failed';
export const failureKind = (e: unknown): FailureKind => {
  if (!isRequestFailure(e) || e.status === 0) return 'unreachable';
  return e.status >= 500 || e.status === 408 || e.status === 429 || e.code === 'in_progress' ? 'failed' : 'refused';
};

/** One outbox entry sent as the outbox's replay asks: sent, refused with its reason, or unreachable (stop). */
export const sendEntry =
  (server: TillServer) =>
  async (entry: OutboxEntry): Promise<'sent' | { refused: string } | 'unreachable'> => {
    try {
      await server.postSale(entry.key, entry.body);
      return 'sent';
    } catch (e) {
      const kind = failureKind(e);
      if (kind === 'refused' && isRequestFailure(e)) return { refused: [e.message, ...Object.values(e.errors ?? {}).flat()].join(' ') };
      return 'unreachable';
    }
  };

export const checkoutActors = {
  /**
   * The customer picker's search: the customers' options on the server, as the sale form's
   * customer field searches them (the page gives the options machine over the app's client:
   * src/resources/options-providers.ts relationOptionsMachine); each option carries its
   * category's discount_bps.
   */
  customerOptions: optionsMachine,
  /** The first of the codes the server knows a product by (null: none). */
  lookupCode: fromPromise(async ({ input }: { input: { server: TillServer; codes: string[] } }) => {
    for (const code of input.codes) {
      const found = await input.server.productByCode(code);
      if (found) return found;
    }
    return null;
  }),
  loadSerials: fromPromise(async ({ input }: { input: { server: TillServer; productId: number } }) => input.server.serials(input.productId)),
  submitSale: fromPromise(async ({ input }: { input: { server: TillServer; key: string; body: TillSaleBody } }) => input.server.postSale(input.key, input.body)),
  queueSale: fromPromise(async ({ input }: { input: { outbox: Outbox; entry: OutboxEntry } }) => input.outbox.put(input.entry)),
  replayOutbox: fromPromise(async ({ input }: { input: { outbox: Outbox; server: TillServer } }) => input.outbox.replay(sendEntry(input.server))),
  /** A sale kept for attention back to waiting, then the outbox replayed: it goes under its own key (a refusal left no claim on it). */
  resendEntry: fromPromise(async ({ input }: { input: { outbox: Outbox; server: TillServer; key: string } }) => {
    await input.outbox.resend(input.key);
    await input.outbox.replay(sendEntry(input.server));
  }),
  /**
   * Keeps the catalogue in the browser current while the till is open: opens what the browser
   * kept (a first sync when nothing finished is kept, tried again until it comes), then asks the
   * server what changed every `every` ms and whenever it hears `catalogue.sync` (a sale took stock).
   */
  keepCatalogue: fromCallback<{ type: 'catalogue.sync' }, { catalogue: LocalCatalogue; every: number }>(({ input, receive }) => {
    const { catalogue, every } = input;
    let open = false;
    const tick = () => void (open ? catalogue.sync() : catalogue.open().then(() => (open = true))).catch(() => undefined);
    tick();
    receive(tick);
    const timer = setInterval(tick, every);
    return () => clearInterval(timer);
  }),
  /**
   * Codes scanned anywhere on the page, also while a text box has the focus (provided by the till's
   * page: src/pos/scanner-listener.ts; none here, so the machine runs without a page).
   */
  listenScans: fromCallback<{ type: 'scan'; code: string }>(() => () => undefined),
  /** The browser saying the network came back: what waits in the outbox goes now rather than at the next try. */
  hearNetwork: fromCallback<{ type: 'outbox.replay' }>(({ sendBack }) => {
    const online = () => sendBack({ type: 'outbox.replay' });
    globalThis.addEventListener?.('online', online);
    return () => globalThis.removeEventListener?.('online', online);
  }),
  /** A customer display saying hello on the channel (it opened, or reloaded). */
  hearDisplays: fromCallback<{ type: 'display.hello' }, { display: DisplayLink | undefined }>(({ input, sendBack }) =>
    input.display?.listen((m) => {
      if (m.type === 'hello') sendBack({ type: 'display.hello' });
    }),
  ),
  /** Tells the machine what the outbox holds whenever it changes (and once at the start). */
  watchOutbox: fromCallback<{ type: string }, { outbox: Outbox }>(({ input, sendBack }) => {
    const tell = () =>
      void input.outbox.list().then((all) => sendBack({ type: 'outbox.changed', waiting: all.filter((e) => e.state === 'waiting').length, attention: all.filter((e) => e.state === 'attention') }));
    tell();
    return input.outbox.subscribe(tell);
  }),
};

/**
 * The till's ports in memory, and a fake server, for the checkout and register model tests:
 * a catalogue searched as the interface says, an outbox that replays in order and keeps what
 * the server refuses, a store standing in for localStorage (kept as JSON, as a reload reads it)
 * and a server that records every request and answers as the test says.
 */
import type {
  CatalogueProduct,
  PosTerms,
  RegisterSession,
} from "../../domain/pos/till.facts.ts";
import type {
  ReturnedSale,
  SoldSale,
  TillSaleBody,
  TillServer,
} from "../../machines/checkout/checkout.actors.ts";
import type {
  SaleDoc,
  SaleDocLine,
} from "../../machines/sales/sale-view.selectors.ts";
import type {
  LocalCatalogue,
  Outbox,
  OutboxEntry,
  TillStore,
} from "../../src/pos/ports.ts";
import type { RequestFailure } from "../../machines/auth.machine.ts";

export const product = (
  id: number,
  name: string,
  over: Partial<CatalogueProduct> = {},
): CatalogueProduct => ({
  id,
  name,
  sku: `SKU-${id}`,
  barcode: `200000000${id}`,
  category_id: 1,
  sale_price: 1000,
  tax_bps: 0,
  prices_include_tax: false,
  tracks_serials: false,
  unit_name: "pc",
  on_hand: 5,
  image: null,
  ...over,
});

export const TERMS: PosTerms = {
  shop: {
    name: "Corner Shop",
    currency: "USD",
    address: "1 Main St",
    tax_number: "TX-1",
    logo: "",
  },
  default_customer: null,
  default_tax_bps: 0,
  payment_methods: ["cash", "card"],
  receipt_header: "Thank you",
  receipt_footer: "Come again",
  show_product_images: true,
  scale: { weight_prefix: "", price_prefix: "" },
};

export class MemoryCatalogue implements LocalCatalogue {
  private listeners = new Set<() => void>();
  constructor(public products: CatalogueProduct[]) {}
  open = async () => undefined;
  search(
    text: string,
    options: { categoryId?: number | null; limit?: number } = {},
  ) {
    const t = text.trim().toLowerCase();
    return this.products
      .filter(
        (p) =>
          (options.categoryId == null ||
            p.category_id === options.categoryId) &&
          [p.name, p.sku, p.barcode ?? ""].some((v) =>
            v.toLowerCase().includes(t),
          ),
      )
      .slice(0, options.limit ?? 50);
  }
  byCode = (code: string) =>
    this.products.find((p) => p.barcode === code || p.sku === code);
  byId = (id: number) => this.products.find((p) => p.id === id);
  categories = () => [{ id: 1, name: "Kitchen" }];
  sync = async () => ({ changed: 0 });
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export class MemoryOutbox implements Outbox {
  entries: OutboxEntry[] = [];
  private listeners = new Set<() => void>();
  private tell = () => this.listeners.forEach((l) => l());
  async put(entry: OutboxEntry) {
    this.entries = [...this.entries.filter((e) => e.key !== entry.key), entry];
    this.tell();
  }
  list = async () => this.entries.map((e) => ({ ...e }));
  async remove(key: string) {
    this.entries = this.entries.filter((e) => e.key !== key);
    this.tell();
  }
  async setAttention(key: string, reason: string) {
    this.entries = this.entries.map((e) =>
      e.key === key ? { ...e, state: "attention" as const, reason } : e,
    );
    this.tell();
  }
  async resend(key: string) {
    this.entries = this.entries.map(({ reason, ...e }) => (e.key === key ? { ...e, state: "waiting" as const } : { ...e, ...(reason === undefined ? {} : { reason }) }));
    this.tell();
  }
  async replay(
    send: (
      entry: OutboxEntry,
    ) => Promise<"sent" | { refused: string } | "unreachable">,
  ) {
    for (const entry of [...this.entries]
      .filter((e) => e.state === "waiting")
      .sort((a, b) => a.made_at.localeCompare(b.made_at))) {
      const answer = await send(entry);
      if (answer === "unreachable") {
        this.entries = this.entries.map((e) =>
          e.key === entry.key ? { ...e, tries: e.tries + 1 } : e,
        );
        return;
      }
      if (answer === "sent") await this.remove(entry.key);
      else await this.setAttention(entry.key, answer.refused);
    }
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Kept as text, as localStorage keeps it: what a reload reads back is what was written. */
export class MemoryStore<T> implements TillStore<T> {
  text: string | null = null;
  load = () => (this.text === null ? null : (JSON.parse(this.text) as T));
  save = (value: T) => void (this.text = JSON.stringify(value));
}

export const failure = (
  status: number,
  message = "Refused.",
  errors?: Record<string, string[]>,
): RequestFailure => ({ status, message, ...(errors ? { errors } : {}) });

/** A completed sale as GET /sales/{id} answers it, paid in cash: each line `[name, quantity, unit price, serials sold]`. */
export function soldDoc(
  id: number,
  reference: string,
  lines: [string, number, number, string[]?][],
  over: Partial<SaleDoc> = {},
): SaleDoc {
  const docLines: SaleDocLine[] = lines.map(
    ([name, quantity, unit_price, serials], i) => ({
      id: id * 10 + i,
      product_id: i + 1,
      product_name: name,
      sku: `SKU-${i + 1}`,
      barcode: null,
      tracks_serials: serials !== undefined,
      unit_name: "pc",
      quantity,
      discount: 0,
      tax_bps: 0,
      total: quantity * unit_price,
      returned: 0,
      returnable: quantity,
      unit_price,
      unit_cost: Math.round(unit_price / 2),
      serials_out: serials ?? [],
    }),
  );
  const total = docLines.reduce((s, l) => s + l.total, 0);
  return {
    id,
    reference,
    customer_id: null,
    customer_name: null,
    sold_on: "2026-01-05",
    channel: "pos",
    status: "completed",
    note: null,
    quotation: null,
    invoice: null,
    credit_notes: [],
    returned_total: 0,
    refunded: 0,
    returns: [],
    rounding: "line",
    change: 0,
    lines: docLines,
    payments: [],
    history: [],
    payment_status: "paid",
    prices_include_tax: false,
    discount: 0,
    tax_bps: 0,
    shipping: 0,
    subtotal: total,
    line_tax: 0,
    lines_total: total,
    discount_total: 0,
    document_tax: 0,
    shipping_total: 0,
    grand_total: total,
    paid: total,
    due: 0,
    version: 1,
    ...over,
  };
}

type Answer<T> =
  | T
  | RequestFailure
  | ((key: string, body: TillSaleBody) => T | RequestFailure);

/** A server that records each request; a sale is answered by the next queued answer (default: recorded once per key, as the server's idempotency does). */
export class FakeServer implements TillServer {
  sales: { key: string; body: TillSaleBody }[] = [];
  recorded = new Map<string, SoldSale>();
  saleAnswers: Answer<SoldSale>[] = [];
  known: CatalogueProduct[] = [];
  codesAsked: string[] = [];
  serialsInStock: Record<number, string[]> = {};
  /** The sales a reference finds; the returns posted (key and body); answers queued for them (default: recorded once per key). */
  salesOnFile: SaleDoc[] = [];
  referencesAsked: string[] = [];
  findAnswers: RequestFailure[] = [];
  returns: { saleId: number; key: string; body: Record<string, unknown> }[] =
    [];
  returnAnswers: RequestFailure[] = [];
  returnsRecorded = new Map<string, ReturnedSale>();
  session: RegisterSession | null = null;
  sessionCalls: { call: string; body?: unknown }[] = [];
  sessionAnswers: (RegisterSession | RequestFailure)[] = [];

  async terms() {
    return TERMS;
  }
  async productByCode(code: string) {
    this.codesAsked.push(code);
    return this.known.find((p) => p.barcode === code || p.sku === code) ?? null;
  }
  async serials(productId: number) {
    return this.serialsInStock[productId] ?? [];
  }
  async postSale(key: string, body: TillSaleBody): Promise<SoldSale> {
    this.sales.push({ key, body });
    const next = this.saleAnswers.shift();
    const answer = typeof next === "function" ? next(key, body) : next;
    if (answer && "status" in answer) throw answer;
    const first = this.recorded.get(key);
    if (first) return first;
    const total =
      body.lines.reduce(
        (s, l) => s + l.quantity * (l.unit_price ?? 0) - l.discount,
        0,
      ) - body.discount;
    const paid = body.payments.reduce((s, p) => s + p.amount, 0);
    const sold = answer ?? {
      id: this.recorded.size + 1,
      number: `SL-${String(this.recorded.size + 1).padStart(6, "0")}`,
      grand_total: total,
      change: Math.max(0, paid - total),
    };
    this.recorded.set(key, sold);
    return sold;
  }
  async saleByReference(reference: string) {
    this.referencesAsked.push(reference);
    const refused = this.findAnswers.shift();
    if (refused) throw refused;
    return (
      this.salesOnFile.find(
        (s) => s.reference.toLowerCase() === reference.toLowerCase(),
      ) ?? null
    );
  }
  async returnSale(
    saleId: number,
    key: string,
    body: Record<string, unknown>,
  ): Promise<ReturnedSale> {
    this.returns.push({ saleId, key, body });
    const refused = this.returnAnswers.shift();
    if (refused) throw refused;
    const first = this.returnsRecorded.get(key);
    if (first) return first;
    const sale = this.salesOnFile.find((s) => s.id === saleId)!;
    const back = body.lines as { line_id: number; quantity: number }[];
    const refunded = (body.refunds as { amount: number }[]).reduce(
      (s, r) => s + r.amount,
      0,
    );
    const now: SaleDoc = {
      ...sale,
      refunded: sale.refunded + refunded,
      lines: sale.lines.map((l) => {
        const q = back.find((b) => b.line_id === l.id)?.quantity ?? 0;
        return { ...l, returned: l.returned + q, returnable: l.returnable - q };
      }),
    };
    this.salesOnFile = this.salesOnFile.map((s) => (s.id === saleId ? now : s));
    const answer = {
      sale: now,
      message: `Return SR-${String(this.returnsRecorded.size + 1).padStart(6, "0")} recorded on ${sale.reference}, ${(refunded / 100).toFixed(2)} refunded.`,
    };
    this.returnsRecorded.set(key, answer);
    return answer;
  }
  private async sessionCall(
    call: string,
    body?: unknown,
  ): Promise<RegisterSession> {
    this.sessionCalls.push({ call, ...(body === undefined ? {} : { body }) });
    const next = this.sessionAnswers.shift();
    if (!next) throw failure(500, `No answer for ${call}.`);
    if (
      "status" in next &&
      typeof next.status === "number" &&
      !("reference" in next)
    )
      throw next;
    this.session = next as RegisterSession;
    return this.session;
  }
  async currentSession() {
    this.sessionCalls.push({ call: "current" });
    return this.session;
  }
  openSession = (body: unknown) => this.sessionCall("open", body);
  moveCash = (_id: number, body: unknown) => this.sessionCall("move", body);
  closeSession = (_id: number, body: unknown) =>
    this.sessionCall("close", body);
}

/** A register session as the server shows it: open, cash and card, nothing sold yet. */
export const registerSession = (over: Partial<RegisterSession> = {}): RegisterSession => ({
  id: 4,
  reference: 'RS-000004',
  status: 'open',
  opened_by: { id: 1, name: 'Casey' },
  opened_at: '2026-01-05T09:00:00.000Z',
  closed_at: null,
  closed_by: null,
  opening_float: 10000,
  movements: [],
  sales: { count: 0, total: 0 },
  refunds: { count: 0, total: 0 },
  methods: [
    { method: 'cash', expected: 10000, counted: null, difference: null },
    { method: 'card', expected: 0, counted: null, difference: null },
  ],
  note: null,
  close_note: null,
  difference: null,
  actions: ['cash', 'close'],
  ...over,
});

/** Closing a session as both its machines take it (machines/checkout/closing.ts): start, count, submit or cancel, and the server's two answers. */
export const closingEvents = (closed: RegisterSession, refused: RequestFailure) => [
  { type: 'close.start' },
  { type: 'close.count', method: 'cash', amount: 9500 },
  { type: 'close.submit' },
  { type: 'close.cancel' },
  { type: 'xstate.done.actor.closeSession', output: closed },
  { type: 'xstate.error.actor.closeSession', error: refused },
];

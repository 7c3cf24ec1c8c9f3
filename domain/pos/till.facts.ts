import { defineLifecycle } from '../documents/lifecycle.ts';
import type { SoldProduct } from '../documents/lines.facts.ts';
import type { Permission } from '../permissions.ts';
import type { ColumnDef, FilterDef } from '../resource.ts';

/**
 * The till's contract with the server, without zod (the till's page and machines read it; the
 * bodies the server checks are ./till.ts). The till sells through the one sale service
 * (POST /api/v1/admin/sales with channel `pos`, an Idempotency-Key and its register session) and
 * returns through /sales/{id}/returns; what is here is what only the till needs: its register
 * sessions, its catalogue kept in the browser, and the POS setting's terms it sells on.
 */
export const POS_API = '/api/v1/admin/pos';
/** Who uses the till. */
export const POS_RIGHT = 'pos' as const satisfies Permission;

/** The till's terms: what it sells on and prints (GET, whoever has `pos`). */
export const POS_TERMS_API = `${POS_API}/terms`;
export interface PosTerms {
  shop: { name: string; currency: string; address: string; tax_number: string; logo: string };
  /** None: a walk-in customer. */
  default_customer: { id: number; name: string; discount_bps: number } | null;
  default_tax_bps: number;
  /** The methods the POS setting enables, in its order. */
  payment_methods: string[];
  receipt_header: string;
  receipt_footer: string;
  show_product_images: boolean;
  /** In-store EAN-13 prefixes of scale labels (two digits each, empty when unused). */
  scale: { weight_prefix: string; price_prefix: string };
}

/**
 * The catalogue the till keeps in the browser. The first sync (no `since`) pages through every
 * active product; later ones send the last answer's cursor and get what changed since: new and
 * changed products (price, name, codes, category, image, stock on hand) and the ids of products
 * that left the till (retired, deleted). `more` says to ask again at once with the new cursor.
 */
export const POS_CATALOGUE_API = `${POS_API}/catalogue`;
export const CATALOGUE_PAGE_MAX = 5000;
export interface CatalogueProduct extends SoldProduct {
  category_id: number | null;
  /** A small picture for the grid, or null. */
  image: string | null;
}
export interface CatalogueAnswer {
  products: CatalogueProduct[];
  /** Products no longer sold at the till since the cursor. */
  retired: number[];
  /** Every category the grid offers (small: sent whole each time). */
  categories: { id: number; name: string }[];
  cursor: string;
  more: boolean;
  /**
   * The cursor sent was from ahead of this database (restored or replaced): this is the first
   * page of a whole sync instead. Drop the local catalogue, keep this page, and go on.
   */
  reset?: true;
}

/**
 * Register sessions: a cashier opens one with a counted float, moves cash in and out with a
 * reason, and closes it counting each method against what is expected:
 * opening + cash sales − cash refunds ± cash in and out (cash); the sales' and refunds' totals
 * (other methods). The difference is recorded. A person has at most one open session; a till sale
 * names it, and is refused when it is not open.
 */
export const REGISTER_API = `${POS_API}/sessions`;
export const REGISTER_PREFIX = 'RS-';
export const CASH_DIRECTIONS = { in: 'Cash in', out: 'Cash out' } as const;
export type CashDirection = keyof typeof CASH_DIRECTIONS;

export interface RegisterMethodFigures {
  method: string;
  expected: number;
  /** Counted at closing; null while open. */
  counted: number | null;
  /** counted − expected; null while open. */
  difference: number | null;
}
export interface RegisterSession {
  id: number;
  reference: string;
  status: 'open' | 'closed';
  opened_by: { id: number; name: string };
  opened_at: string;
  closed_at: string | null;
  /** Who closed it (its cashier, or a manager closing one left open); null while open. */
  closed_by: { id: number; name: string } | null;
  opening_float: number;
  movements: { id: number; direction: CashDirection; amount: number; reason: string; at: string; by: string }[];
  sales: { count: number; total: number };
  refunds: { count: number; total: number };
  /** Per payment method the till takes (cash first). */
  methods: RegisterMethodFigures[];
  /** The opening note. */
  note: string | null;
  /** The closing note; null while open. */
  close_note: string | null;
  /** The sum of the methods' differences at closing; null while open. */
  difference: number | null;
  /** What may be done next (registerLifecycle): ['cash', 'close'] while open, [] once closed. */
  actions: RegisterAction[];
}

/**
 * Who sees which sessions: a cashier (`pos`) lists and reads their own; whoever holds
 * `pos setting` (a manager who sets the till up; the Super Admin) every cashier's. Only a
 * session's owner moves cash in it; it closes it, or a manager closes one left open.
 */
export const REGISTER_ALL_RIGHT = 'pos setting' as const satisfies Permission;

/** A register session's lifecycle (domain/documents/lifecycle.ts): open → closed; cash moves only while open. */
export const registerLifecycle = defineLifecycle({
  noun: 'register session',
  statuses: {
    open: { label: 'Open', tone: 'info' },
    closed: { label: 'Closed', tone: 'neutral' },
  },
  actions: {
    cash: { label: 'Cash in or out', from: ['open'], done: 'given cash movements' },
    close: { label: 'Close', from: ['open'], done: 'closed', to: 'closed' },
  },
});
export type RegisterStatus = keyof typeof registerLifecycle.statuses;
export type RegisterAction = keyof typeof registerLifecycle.actions;
export const REGISTER_STATUS_NAMES = Object.keys(registerLifecycle.statuses) as RegisterStatus[];

/** The sessions' list (GET REGISTER_API): by person, status and the day opened. */
export const registerList = {
  key: 'registerSessions',
  api: REGISTER_API,
  columns: [
    { name: 'reference', label: 'Reference', sortable: true },
    { name: 'opened_by_name', label: 'Cashier', sortable: true },
    { name: 'opened_on', label: 'Opened', kind: 'date', sortable: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
    { name: 'opening_float', label: 'Float', kind: 'money' },
    { name: 'difference', label: 'Difference', kind: 'money' },
  ],
  filters: [
    { name: 'opened_by', label: 'Cashier', kind: 'relation', relation: 'users' },
    { name: 'status', label: 'Status', kind: 'select', options: REGISTER_STATUS_NAMES.map((value) => ({ value, label: registerLifecycle.statuses[value].label })) },
    { name: 'opened_on', label: 'Date', kind: 'dateRange' },
  ],
  defaultSort: { field: 'opened_on', dir: 'desc' },
  searchHint: 'Search reference',
} as const satisfies { key: string; api: string; columns: readonly ColumnDef[]; filters: readonly FilterDef[]; defaultSort: { field: string; dir: 'asc' | 'desc' }; searchHint: string };

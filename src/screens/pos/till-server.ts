import { IDEMPOTENCY_HEADER } from '../../../domain/idempotency.ts';
import { LINE_PRODUCTS_API, type InStockSerial, type LineProduct } from '../../../domain/documents/lines.ts';
import { lineSerialsPath } from '../../../domain/documents/lines.facts.ts';
import { SALE_RETURNS_PATH, SALES_API } from '../../../domain/documents/sale.facts.ts';
import type { SaleDoc } from '../../../machines/sales/sale-view.selectors.ts';
import { POS_TERMS_API, REGISTER_API, type CatalogueProduct, type PosTerms, type RegisterSession } from '../../../domain/pos/till.facts.ts';
import type { RegisterCloseBody } from '../../../domain/pos/till.ts';
import type { TillServer } from '../../../machines/checkout/checkout.actors.ts';
import type { Api } from '../../app/api.ts';
import { isRequestFailure } from '../../../machines/auth.machine.ts';

/** A product found by the documents' lookup, as the till's catalogue holds one. */
export const lookedUp = ({ cost_price: _cost, exact: _exact, ...sold }: LineProduct): CatalogueProduct => ({ ...sold, category_id: null, image: null });

export const posTerms = async (api: Api) => (await api.call<{ data: PosTerms }>(POS_TERMS_API)).data;
/** The person's open register session, or null. */
export async function currentSession(api: Api): Promise<RegisterSession | null> {
  try {
    return (await api.call<{ data: RegisterSession | null }>(`${REGISTER_API}/current`)).data ?? null;
  } catch (e) {
    if (isRequestFailure(e) && e.status === 404) return null;
    throw e;
  }
}

/** A register session by id (its page). */
export const fetchSession = async (api: Api, id: string) => (await api.call<{ data: RegisterSession }>(`${REGISTER_API}/${encodeURIComponent(id)}`)).data;
export const closeSession = async (api: Api, id: number, body: RegisterCloseBody) => (await api.call<{ data: RegisterSession }>(`${REGISTER_API}/${id}/close`, { method: 'POST', body: body as unknown as Record<string, unknown> })).data;

/** Finds products by name, SKU or barcode on the server (the documents' line lookup): the exact code first. */
export const lookupProducts = async (api: Api, search: string): Promise<LineProduct[]> =>
  (await api.call<{ data: LineProduct[] }>(`${LINE_PRODUCTS_API}?search=${encodeURIComponent(search)}`)).data;

/**
 * The till's calls (machines/checkout/checkout.actors.ts TillServer) over the app's one HTTP
 * client. A sale goes through the sale service with its Idempotency-Key (the client adds this
 * tab's id beside it). Every answer carries its record under `data` (writes add a `message`).
 * A return finds the sale by its reference and posts to the sale's returns, with its own key.
 * The register session routes are REGISTER_API's: `current` (the person's open one: null, or 404,
 * when none), create (open), `/:id/cash`, `/:id/close`.
 */
export function tillServer(api: Api): TillServer {
  const post = async <T>(path: string, body: unknown, headers?: Record<string, string>) => (await api.call<{ data: T }>(path, { method: 'POST', body: body as Record<string, unknown>, ...(headers ? { headers } : {}) })).data;
  return {
    terms: () => posTerms(api),
    async productByCode(code) {
      const found = (await lookupProducts(api, code)).find((p) => p.exact);
      return found ? lookedUp(found) : null;
    },
    serials: async (productId) => (await api.call<{ data: InStockSerial[] }>(lineSerialsPath(productId))).data.map((s) => s.serial),
    postSale: async (key, body) => {
      const sale = await post<{ id: number; reference: string; grand_total: number; change: number | null }>(SALES_API, body, { [IDEMPOTENCY_HEADER]: key });
      return { id: sale.id, number: sale.reference, grand_total: sale.grand_total, change: sale.change ?? 0 };
    },
    // The sales list searches references (GET /sales?search=…); only the one with exactly this reference is the receipt's.
    async saleByReference(reference) {
      const found = (await api.call<{ data: { id: number; reference: string }[] }>(`${SALES_API}?${new URLSearchParams({ search: reference, per_page: '10' })}`)).data.find((s) => s.reference.toLowerCase() === reference.toLowerCase());
      return found ? (await api.call<{ data: SaleDoc }>(`${SALES_API}/${found.id}`)).data : null;
    },
    returnSale: async (saleId, key, body) => {
      const res = await api.call<{ data: SaleDoc; message: string }>(`${SALES_API}/${saleId}/${SALE_RETURNS_PATH}`, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } });
      return { sale: res.data, message: res.message };
    },
    currentSession: () => currentSession(api),
    openSession: (body) => post<RegisterSession>(REGISTER_API, body),
    moveCash: (id, body) => post<RegisterSession>(`${REGISTER_API}/${id}/cash`, body),
    closeSession: (id, body) => closeSession(api, id, body),
  };
}

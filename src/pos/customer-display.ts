/**
 * The customer display: a second window, on a screen facing the customer, that follows the till's
 * cart, total and change live. Odoo posts the cart to it through a BroadcastChannel; so do we
 * (same browser, same origin, no server). The till posts a view whenever its cart changes and
 * again when a display says hello (a display opened, or reloaded, mid-sale); the display only shows.
 */
export const DISPLAY_CHANNEL = 'shop-till-customer-display';

/** What the customer sees: names, amounts and the sale's phase, nothing the till keeps to itself. */
export interface CustomerDisplayView {
  shop: string;
  currency: string;
  /** idle: no sale; cart: items going in; paying: the total asked; done: paid, with its change. */
  phase: 'idle' | 'cart' | 'paying' | 'done';
  lines: { name: string; quantity: number; unit_price: number; total: number }[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  /** What the customer has handed over so far, and the change due (cash). */
  paid: number;
  change: number;
}

export type DisplayMessage = { type: 'view'; view: CustomerDisplayView } | { type: 'hello' };

/** A channel end: post a message, hear the other end's; close it when the page goes. */
export interface DisplayLink {
  post(message: DisplayMessage): void;
  listen(listener: (message: DisplayMessage) => void): () => void;
  close(): void;
}

/** The channel between the till and its displays; undefined outside a browser (the server drawing a page). */
export function openDisplayLink(name = DISPLAY_CHANNEL): DisplayLink | undefined {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen(listener) {
      const on = (e: MessageEvent<DisplayMessage>) => listener(e.data);
      channel.addEventListener('message', on);
      return () => channel.removeEventListener('message', on);
    },
    close: () => channel.close(),
  };
}

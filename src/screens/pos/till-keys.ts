import { useEffect, type RefObject } from 'react';
import type { Checkout } from './till-types.ts';


/** The till's shortcuts, listed by the help overlay (F1) in this order. */
export const TILL_KEYS: { keys: string; does: string }[] = [
  { keys: 'F2 or /', does: 'Search or scan' },
  { keys: '↓ from the search', does: 'The products found: the arrows move, Enter adds one' },
  { keys: 'F3', does: 'Quantity of the selected line' },
  { keys: 'F4', does: 'Discount on the selected line' },
  { keys: 'Alt+↑ / Alt+↓', does: 'Select the line above or below' },
  { keys: 'Alt+Delete', does: 'Remove the selected line' },
  { keys: 'F6', does: 'Order discount' },
  { keys: 'Alt+C', does: 'Customer (search, Enter picks; Walk-in clears)' },
  { keys: 'F7', does: 'Hold the sale' },
  { keys: 'F8', does: 'Resume a held sale' },
  { keys: 'F9 or Ctrl+Enter', does: 'Pay; pressed again, complete the sale' },
  { keys: 'Alt+R', does: 'Return goods: scan the receipt or type its reference' },
  { keys: 'Alt+P', does: 'The last receipt again, to print it again' },
  { keys: 'Alt+N', does: 'New sale (clears the cart, or leaves the receipt)' },
  { keys: 'F1', does: 'These shortcuts' },
  { keys: 'Esc', does: 'Close a dialog; back to the search' },
];

const focus = (selector: string) => document.querySelector<HTMLInputElement>(selector)?.focus();

/**
 * The keyboard at the till: each shortcut sends the machine's event (which panel is open and the
 * selected line are the checkout's) or moves the focus to the field it names; nothing is decided
 * here (the machines ignore what their state does not take). `line`: the selected line, as the
 * checkout's selector gives it.
 */
export function useTillKeys({ checkout, search, line }: { checkout: Checkout; search: RefObject<HTMLInputElement | null>; line: number }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLInputElement && e.target !== search.current;
      const send = (event: Parameters<Checkout['send']>[0]) => {
        e.preventDefault();
        checkout.send(event);
      };
      // Alt and a letter, by the key's place too: Alt+R types "®" on a Mac.
      const alt = (letter: string) => e.altKey && (e.key.toLowerCase() === letter || e.code === `Key${letter.toUpperCase()}`);
      if (e.key === 'F1') return send({ type: 'panel.open', panel: 'help' });
      if (e.key === 'F2' || (e.key === '/' && !(e.target instanceof HTMLInputElement))) return (e.preventDefault(), search.current?.focus());
      if (e.key === 'F3') return (e.preventDefault(), focus(`[data-line-quantity="${line}"]`));
      if (e.key === 'F4') return (e.preventDefault(), focus(`[data-line-discount="${line}"]`));
      if (e.key === 'F6') return (e.preventDefault(), focus('#order-discount'));
      if (e.key === 'F7') return send({ type: 'cart.hold' });
      if (e.key === 'F8') return send({ type: 'panel.open', panel: 'held' });
      // Pressed again it completes the payment; a key held down (repeating) does neither twice.
      if (e.key === 'F9' || (e.key === 'Enter' && e.ctrlKey)) return e.repeat ? e.preventDefault() : send({ type: 'pay' });
      if (alt('n')) {
        e.preventDefault();
        // Whichever the till is showing takes it: the receipt leaves, a cart is cleared.
        checkout.send({ type: 'sale.new' });
        checkout.send({ type: 'cart.clear' });
        return search.current?.focus();
      }
      if (alt('c')) return send({ type: 'customer.pick' });
      if (alt('r')) return send({ type: 'return.start' });
      if (alt('p')) return send({ type: 'receipt.show' });
      if (e.altKey && e.key === 'Delete') return send({ type: 'line.remove', index: line });
      if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
        send({ type: 'line.step', by: e.key === 'ArrowUp' ? -1 : 1 });
        return focus(`[data-line-quantity="${checkout.getSnapshot().context.selected}"]`);
      }
      if (e.key === 'Escape' && typing) return search.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [checkout, search, line]);
}

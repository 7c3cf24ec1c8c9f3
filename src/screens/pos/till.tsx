import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { formatAmount, formatPercent, parseMoney, parsePercent } from '../../../domain/format.ts';
import type { CatalogueProduct } from '../../../domain/pos/till.facts.ts';
import { weightText } from '../../../domain/pos/scale.ts';
import type { Discount } from '../../../machines/checkout/cart.ts';
import { selectCart, selectRegister } from '../../../machines/checkout/checkout.selectors.ts';
import { useDisplay } from '../../app/display.ts';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { SESSIONS_HREF } from './session-defs.ts';
import { HeldDialog, HelpDialog, OutboxDialog, PayDialog, ReceiptDialog, SerialDialog } from './till-dialogs.tsx';
import { useTillKeys } from './till-keys.ts';
import { ReturnDialog } from './till-return.tsx';
import { CustomerDialog } from './customer-picker.tsx';
import type { Checkout, Register } from './till-types.ts';
import { touchTargets } from './till-dialog.tsx';


/**
 * Products beside the cart from a 960 px tablet up (a narrower cart until a laptop's width, so
 * the grid keeps three columns at 1024 px), one above the other on a phone. On a touch screen,
 * and below a laptop's width, every button and field of the till is at least 44 px high
 * (touchTargets, also on the till's dialogs).
 */
const shell = css({
  // On a phone the till is as tall as its content (the page scrolls): a flex basis of 0 there lets the column shrink under it.
  flex: { base: 'none', md: '1' },
  minH: '0',
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 19rem', lg: 'minmax(0, 1fr) minmax(20rem, 26rem)' },
  gridTemplateRows: { base: 'auto auto', md: 'minmax(0, 1fr)' },
});
const pane = css({ bg: 'bg.surface', borderRadius: 'lg', boxShadow: 'sm', p: '3', display: 'flex', flexDirection: 'column', gap: '3', minH: '0' });
// Rows as tall as their tiles: without it a row takes the tile's minimum and cuts off the price.
// On a phone the grid scrolls in half the screen, so the cart below it is a short scroll away.
const grid = css({ maxH: { base: '50dvh', md: 'none' }, display: 'grid', gap: '2', gridTemplateColumns: { base: 'repeat(auto-fill, minmax(7rem, 1fr))', lg: 'repeat(auto-fill, minmax(8.5rem, 1fr))' }, gridAutoRows: 'max-content', overflowY: 'auto', alignContent: 'start', flex: { base: 'none', md: '1' } });
const tile = css({
  display: 'grid',
  gap: '1',
  p: '2',
  minH: '24',
  textAlign: 'left',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  cursor: 'pointer',
  _hover: { bg: 'bg.hover' },
  _focusVisible: { outline: '3px solid', outlineColor: 'primary.solid', outlineOffset: '2px' },
});
const muted = css({ color: 'fg.muted', fontSize: 'sm' });
const numeric = css({ fontVariantNumeric: 'tabular-nums', textAlign: 'right' });

/** The catalogue's answer for what is typed (the local catalogue answers at once; its subscribers hear a sync). */
function useProducts(checkout: Checkout, text: string, categoryId: number | null): { products: CatalogueProduct[]; categories: { id: number; name: string }[] } {
  const catalogue = checkout.getSnapshot().context.catalogue;
  const [, changed] = useState(0);
  useEffect(() => catalogue.subscribe(() => changed((n) => n + 1)), [catalogue]);
  return { products: catalogue.search(text, { categoryId, limit: 48 }), categories: catalogue.categories() };
}

/** The till while the register is open: products on the left, the cart on the right, dialogs over them. */
export function Till({ checkout, register }: { checkout: Checkout; register: Register }) {
  const display = useDisplay();
  const cart = useSelector(checkout, selectCart, shallowEqual);
  const reg = useSelector(register, selectRegister, shallowEqual);
  const [text, setText] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const tiles = useRef<HTMLDivElement>(null);
  const { products, categories } = useProducts(checkout, text, categoryId);
  const money = (v: number) => formatAmount(v, display);
  const line = cart.selected;
  const focusSearch = () => search.current?.focus();
  useTillKeys({ checkout, search, line });

  return (
    <div className={cx(shell, touchTargets)}>
      <section className={pane} aria-label="Products">
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <Input
            ref={search}
            autoFocus
            type="search"
            aria-label="Search or scan"
            placeholder="Search by name, SKU or barcode — or scan (F2)"
            className={css({ flex: '1', minW: '12rem', h: '12' })}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // A scanner types fast and ends with Enter: the code goes to the cart, the box is cleared for the next.
              // A name typed that finds one product only is that product.
              if (e.key === 'Enter' && text.trim()) {
                e.preventDefault();
                const only = products.length === 1 && !checkout.getSnapshot().context.catalogue.byCode(text.trim()) ? products[0] : undefined;
                checkout.send(only ? { type: 'product.add', productId: only.id } : { type: 'scan', code: text.trim() });
                setText('');
              }
              // Down to the products found: the arrows move among them, Enter adds one.
              if (e.key === 'ArrowDown' && products.length > 0) {
                e.preventDefault();
                tiles.current?.querySelector<HTMLElement>('button')?.focus();
              }
            }}
          />
          {cart.unsynced + cart.attention > 0 && (
            <Button variant="ghost" disabled={!cart.canOpenOutbox} tone={cart.attention ? 'error' : 'neutral'} onClick={() => checkout.send({ type: 'panel.open', panel: 'outbox' })} aria-label={`Unsynced ${cart.unsynced + cart.attention}${cart.attention ? `, ${cart.attention} need attention` : ''}: show them`}>
              <Badge tone={cart.attention ? 'error' : 'warning'} aria-live="polite">
                Unsynced {cart.unsynced + cart.attention}
              </Badge>
            </Button>
          )}
          <Button variant="outline" tone="neutral" onClick={() => checkout.send({ type: 'panel.open', panel: 'help' })} aria-keyshortcuts="F1">
            Shortcuts
          </Button>
        </div>
        {categories.length > 0 && (
          <div role="tablist" aria-label="Categories" className={css({ display: 'flex', gap: '1', overflowX: 'auto' })}>
            {[{ id: null, name: 'All' }, ...categories].map((c) => (
              <Button key={String(c.id)} role="tab" aria-selected={categoryId === c.id} variant={categoryId === c.id ? 'solid' : 'ghost'} tone="neutral" onClick={() => setCategoryId(c.id)}>
                {c.name}
              </Button>
            ))}
          </div>
        )}
        {cart.notice && (
          <p role="alert" className={css({ color: 'error.fg', fontWeight: 'medium' })}>
            {cart.notice}
          </p>
        )}
        {cart.looking && <p className={muted}>Asking the server for “{cart.looking}”…</p>}
        <div className={grid} ref={tiles} onKeyDown={(e) => moveAmongTiles(e, focusSearch)}>
          {products.map((p) => (
            <button key={p.id} type="button" className={tile} onClick={() => (checkout.send({ type: 'product.add', productId: p.id }), focusSearch())}>
              {p.image && <img src={p.image} alt="" className={css({ w: 'full', h: { base: '14', lg: '16' }, objectFit: 'cover', borderRadius: 'sm' })} />}
              <span className={css({ fontWeight: 'medium' })}>{p.name}</span>
              <span>{money(p.sale_price)}</span>
              <span className={muted}>{p.on_hand > 0 ? `${p.on_hand} in stock` : 'Out of stock'}</span>
            </button>
          ))}
          {products.length === 0 && <p className={css({ color: 'fg.muted', gridColumn: '1 / -1' })}>{text ? 'No product matches.' : 'Type or scan to find products.'}</p>}
        </div>
      </section>

      <section className={pane} aria-label="Cart">
        <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' })}>
          <Button variant="ghost" tone="neutral" disabled={!cart.canPickCustomer} onClick={() => checkout.send({ type: 'customer.pick' })} aria-keyshortcuts="Alt+C" aria-label={`Customer: ${cart.customer?.name ?? 'Walk-in'}. Change the customer`}>
            Customer: <strong>{cart.customer?.name ?? 'Walk-in'}</strong>
          </Button>
          <span className={muted}>{reg.session?.reference}</span>
        </div>
        <ol className={css({ flex: { base: 'none', md: '1' }, overflowY: 'auto', display: 'grid', gap: '2', alignContent: 'start' })} aria-label="Cart lines">
          {cart.lines.map((l) => (
            <li key={l.index} className={css({ display: 'grid', gap: '1', p: '2', borderRadius: 'md', borderWidth: '1px', borderColor: l.index === line ? 'primary.solid' : 'border.default' })} aria-current={l.index === line ? 'true' : undefined} onFocus={() => checkout.send({ type: 'line.select', index: l.index })}>
              <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
                <strong>{l.name}</strong>
                <span className={numeric}>{money(l.total)}</span>
              </div>
              <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
                <span>
                  {l.grams !== null && `${weightText(l.grams)} · `}× {money(l.unitPrice)}
                </span>
                <span className={css({ color: l.left <= 0 ? 'warning.fg' : 'fg.muted' })}>{l.left} left</span>
              </div>
              <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                <label className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
                  <span className={muted}>Qty</span>
                  <Input
                    data-line-quantity={l.index}
                    className={css({ w: '16', h: '10' })}
                    inputMode="numeric"
                    defaultValue={l.quantity}
                    key={`q${l.quantity}`}
                    readOnly={l.tracked || !cart.canEdit}
                    aria-label={`Quantity of ${l.name}`}
                    onBlur={(e) => Number(e.target.value) !== l.quantity && checkout.send({ type: 'line.quantity', index: l.index, quantity: Number(e.target.value) })}
                    onKeyDown={(e) => e.key === 'Enter' && (e.currentTarget.blur(), focusSearch())}
                  />
                </label>
                <label className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
                  <span className={muted}>Disc.</span>
                  <Input
                    data-line-discount={l.index}
                    className={css({ w: '20', h: '10' })}
                    defaultValue={discountText(l.discount)}
                    key={`d${discountText(l.discount)}`}
                    placeholder="0 or 10%"
                    readOnly={!cart.canEdit}
                    aria-label={`Discount on ${l.name} (amount, or percent with %)`}
                    onBlur={(e) => sendDiscount(e.target.value, (discount) => checkout.send({ type: 'line.discount', index: l.index, discount }))}
                    onKeyDown={(e) => e.key === 'Enter' && (e.currentTarget.blur(), focusSearch())}
                  />
                </label>
                <IconButton className={css({ ml: 'auto' })} icon="close" size="sm" tone="error" aria-label={`Remove ${l.name}`} disabled={!cart.canEdit} onClick={() => (checkout.send({ type: 'line.remove', index: l.index }), focusSearch())} />
              </div>
              {l.serials.length > 0 && <span className={muted}>Serials: {l.serials.join(', ')}</span>}
              {Object.values(l.errors).map((m) => (
                <span key={m} className={css({ color: 'error.fg', fontSize: 'sm' })}>
                  {m}
                </span>
              ))}
            </li>
          ))}
          {cart.lines.length === 0 && <li className={muted}>Scan or pick a product to start a sale.</li>}
        </ol>
        <dl className={css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '1', '& dd': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } })}>
          <dt>Subtotal</dt>
          <dd>{money(cart.totals.subtotal)}</dd>
          <dt>Tax</dt>
          <dd>{money(cart.totals.lineTax + cart.totals.documentTax)}</dd>
          <dt>
            <label htmlFor="order-discount">Order discount</label>
          </dt>
          <dd>
            <Input
              id="order-discount"
              className={css({ w: '24', h: '9', textAlign: 'right' })}
              defaultValue={discountText(cart.discount)}
              key={discountText(cart.discount)}
              placeholder="0 or 5%"
              readOnly={!cart.canEdit}
              onBlur={(e) => sendDiscount(e.target.value, (discount) => checkout.send({ type: 'cart.discount', discount }))}
              onKeyDown={(e) => e.key === 'Enter' && (e.currentTarget.blur(), focusSearch())}
            />
          </dd>
          <dt className={css({ fontSize: 'xl', fontWeight: 'bold' })}>Total</dt>
          <dd className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{money(cart.totals.grandTotal)}</dd>
        </dl>
        <div className={css({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '2' })}>
          <Button size="lg" variant="outline" tone="neutral" disabled={!cart.canHold} onClick={() => checkout.send({ type: 'cart.hold' })} aria-keyshortcuts="F7">
            Hold
          </Button>
          <Button size="lg" variant="outline" tone="neutral" disabled={!cart.canResume} onClick={() => checkout.send({ type: 'panel.open', panel: 'held' })} aria-keyshortcuts="F8">
            Resume ({cart.held.length})
          </Button>
          <Button size="lg" disabled={!cart.canPay} onClick={() => checkout.send({ type: 'pay' })} aria-keyshortcuts="F9">
            Pay
          </Button>
        </div>
        <div className={css({ display: 'flex', gap: '1', flexWrap: 'wrap', '& button': { px: '2' } })}>
          <Button size="sm" variant="ghost" tone="neutral" disabled={!reg.canCash} onClick={() => register.send({ type: 'cash.start', direction: 'in' })}>
            Cash in
          </Button>
          <Button size="sm" variant="ghost" tone="neutral" disabled={!reg.canCash} onClick={() => register.send({ type: 'cash.start', direction: 'out' })}>
            Cash out
          </Button>
          <Button size="sm" variant="ghost" tone="neutral" disabled={!cart.canReprint} onClick={() => checkout.send({ type: 'receipt.show' })} aria-keyshortcuts="Alt+P">
            Last receipt
          </Button>
          <Button size="sm" variant="ghost" tone="neutral" data-action="return" disabled={!cart.canReturn} onClick={() => checkout.send({ type: 'return.start' })} aria-keyshortcuts="Alt+R">
            Return
          </Button>
          <Button size="sm" variant="ghost" tone="neutral" disabled={!reg.canClose} onClick={() => register.send({ type: 'close.start' })}>
            Close register
          </Button>
          <AppLink href={SESSIONS_HREF} className={css({ alignSelf: 'center', fontSize: 'sm', textDecoration: 'underline' })}>
            Sessions
          </AppLink>
        </div>
      </section>
      <PayDialog checkout={checkout} finalFocus={search} />
      <ReceiptDialog checkout={checkout} finalFocus={search} />
      <SerialDialog checkout={checkout} finalFocus={search} />
      <ReturnDialog checkout={checkout} finalFocus={search} />
      <CustomerDialog checkout={checkout} finalFocus={search} />
      <HeldDialog checkout={checkout} open={cart.panel === 'held'} onClose={() => checkout.send({ type: 'panel.close' })} finalFocus={search} />
      <OutboxDialog checkout={checkout} open={cart.panel === 'outbox'} onClose={() => checkout.send({ type: 'panel.close' })} finalFocus={search} />
      <HelpDialog open={cart.panel === 'help'} onClose={() => checkout.send({ type: 'panel.close' })} finalFocus={search} />
    </div>
  );
}

/**
 * The arrows among the product tiles, as the grid lays them out: left and right one tile, up and
 * down one row (the tile nearest above or below); up from the first row goes back to the search.
 */
function moveAmongTiles(e: KeyboardEvent<HTMLDivElement>, backToSearch: () => void) {
  if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key) || e.altKey || !(e.target instanceof HTMLButtonElement)) return;
  e.preventDefault();
  const all = [...e.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > button')];
  const at = all.indexOf(e.target);
  const here = e.target.getBoundingClientRect();
  const rowOf = (b: HTMLElement) => b.getBoundingClientRect().top;
  let next: HTMLButtonElement | undefined;
  if (e.key === 'ArrowLeft') next = all[at - 1];
  else if (e.key === 'ArrowRight') next = all[at + 1];
  else {
    const down = e.key === 'ArrowDown';
    const row = (down ? all.slice(at + 1) : all.slice(0, at).reverse()).filter((b) => (down ? rowOf(b) > here.top + 1 : rowOf(b) < here.top - 1));
    const nearestRow = row[0] && rowOf(row[0]);
    next = row.filter((b) => rowOf(b) === nearestRow).sort((a, b) => Math.abs(a.getBoundingClientRect().left - here.left) - Math.abs(b.getBoundingClientRect().left - here.left))[0];
    if (!next && !down) return backToSearch();
  }
  next?.focus();
}

const discountText = (d: Discount) => (d.value === 0 ? '' : d.kind === 'percent' ? `${formatPercent(d.value)}%` : (d.value / 100).toFixed(2));

/** "10%" is a percent, "2.50" an amount, empty none; anything else is sent as it reads so the machine refuses it in words. */
function sendDiscount(text: string, send: (d: Discount) => void) {
  const t = text.trim();
  if (t === '') return send({ kind: 'amount', value: 0 });
  if (t.endsWith('%')) return send({ kind: 'percent', value: parsePercent(t) ?? -1 });
  send({ kind: 'amount', value: parseMoney(t) ?? -1 });
}

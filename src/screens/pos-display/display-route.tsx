import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { formatAmount, formatCount, type Display } from '../../../domain/format.ts';
import { displayMachine, selectDisplayView } from '../../../machines/pos-display/display.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useSelector } from '../../app/use-selector.ts';
import { openDisplayLink, type CustomerDisplayView } from '../../pos/customer-display.ts';

/**
 * The customer display (/admin/pos/display): a window the till opens on a screen facing the
 * customer. Large type, the lines as they go in, the total, and the change once paid. It follows
 * the till through the display channel and asks nothing of the server.
 */
export default function CustomerDisplayRoute() {
  const system = useAppSystem();
  // The channel is opened in the browser only (the server draws the waiting page).
  const [link] = useState(() => (typeof window === 'undefined' ? undefined : openDisplayLink()));
  useEffect(() => () => link?.close(), [link]);
  const actor = useActorRef(displayMachine, { input: { link }, inspect: system.inspect });
  const view = useSelector(actor, selectDisplayView);
  const display: Display = { locale: system.locale, currency: view?.currency ?? 'USD' };
  return (
    <main className={screen} aria-live="polite">
      {!view || view.phase === 'idle' ? <Welcome shop={view?.shop} /> : <Sale view={view} display={display} />}
    </main>
  );
}

const screen = css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.canvas', color: 'fg.default', p: { base: '4', md: '8' }, gap: '6' });
const big = css({ fontSize: { base: '4xl', md: '6xl' }, fontWeight: 'bold', fontVariantNumeric: 'tabular-nums', lineHeight: 'tight' });

function Welcome({ shop }: { shop: string | undefined }) {
  return (
    <div className={css({ flex: '1', display: 'grid', placeItems: 'center', textAlign: 'center' })}>
      <div>
        <h1 className={big}>{shop ? `Welcome to ${shop}` : 'Welcome'}</h1>
        <p className={css({ color: 'fg.muted', fontSize: 'xl', mt: '2' })}>{shop ? 'Your items will show here.' : 'Waiting for the till…'}</p>
      </div>
    </div>
  );
}

function Sale({ view, display }: { view: CustomerDisplayView; display: Display }) {
  const money = (n: number) => formatAmount(n, display);
  return (
    <>
      <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold', color: 'fg.muted' })}>{view.shop}</h1>
      <ol className={css({ flex: '1', overflow: 'auto', display: 'flex', flexDirection: 'column', gap: '2', fontSize: { base: 'lg', md: '2xl' } })} aria-label="Items">
        {view.lines.map((l, i) => (
          <li key={i} className={css({ display: 'flex', gap: '4', justifyContent: 'space-between', borderBottomWidth: '1px', borderColor: 'border.default', pb: '2' })}>
            <span>
              {l.name}
              <span className={css({ color: 'fg.muted', ml: '3', fontSize: 'md' })}>
                {formatCount(l.quantity, display)} × {money(l.unit_price)}
              </span>
            </span>
            <span className={css({ fontVariantNumeric: 'tabular-nums' })}>{money(l.total)}</span>
          </li>
        ))}
      </ol>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'end', alignItems: 'baseline', columnGap: '8', rowGap: '1', fontSize: { base: 'md', md: 'xl' }, '& dd': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } })}>
        {view.discount ? <Figure label="Discount" value={`−${money(view.discount)}`} /> : null}
        {view.tax ? <Figure label="Tax" value={money(view.tax)} /> : null}
        <Figure label="Total" value={money(view.total)} strong />
        {view.phase !== 'cart' && view.paid ? <Figure label="Paid" value={money(view.paid)} /> : null}
        {view.phase === 'done' && view.change ? <Figure label="Change" value={money(view.change)} strong /> : null}
      </dl>
      {view.phase === 'done' ? <p className={css({ textAlign: 'center', fontSize: '2xl', fontWeight: 'semibold', color: 'success.fg' })}>Thank you!</p> : null}
    </>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={css({ display: 'contents' })}>
      <dt className={strong ? css({ fontWeight: 'semibold' }) : undefined}>{label}</dt>
      <dd className={strong ? big : undefined}>{value}</dd>
    </div>
  );
}

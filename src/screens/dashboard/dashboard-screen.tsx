import { css } from 'styled-system/css';
import { formatAmount, formatCount, formatDay, formatMoment, type Display } from '../../../domain/format.ts';
import type { ChartRange, DashboardEvent } from '../../../machines/dashboard/dashboard.machine.ts';
import type { DashboardView, PeriodView } from '../../../machines/dashboard/dashboard.selectors.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { PageHeader } from '../resource/page-header.tsx';
import { DASHBOARD_LINKS } from './dashboard-links.ts';
import { amount, ChangeNote, FIGURE_LOOK, FigureTile, LinkRow, muted, rowList, Section, tiles } from './dashboard-parts.tsx';
import { PAYMENT_STATUSES, PAYMENT_STATUS_TONES, type PaymentStatus } from '../../../domain/documents/payments.facts.ts';
import { SalesChart } from './sales-chart.tsx';

export interface DashboardScreenProps {
  /** The signed-in user's first name, for the greeting. */
  name: string;
  view: DashboardView;
  send: (event: DashboardEvent) => void;
  display: Display;
  theme: 'light' | 'dark';
}

const link = css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px', overflowWrap: 'anywhere' });

/**
 * The dashboard: the parts the response has, each figure a link to the list that explains it.
 * What a person may not see is not in the response, so its section is not drawn; the grid fills
 * its rows with what is there (a cashier's page is the till and the recent sales).
 */
export function DashboardScreen({ name, view, send, display, theme }: DashboardScreenProps) {
  const first = name.trim().split(/\s+/)[0] ?? '';
  const money = (cents: number) => formatAmount(cents, display);
  const header = (
    <PageHeader
      subtitle={
        <>
          Welcome back{first ? `, ${first}` : ''}.{view.today ? ` The figures of ${formatDay(view.today, display)}.` : ''}
        </>
      }
      actions={
        view.phase === 'shown' ? (
          <Button variant="outline" size="sm" tone="neutral" disabled={!view.canRefresh} loading={view.refreshing} onClick={() => send({ type: 'dashboard.refresh' })}>
            <Icon name="clock" size="sm" />
            Refresh
          </Button>
        ) : null
      }
    />
  );
  if (view.phase === 'failed') {
    return (
      <>
        {header}
        <AlertMessage variant="centered" title="The dashboard could not be loaded." onRetry={view.canRetry ? () => send({ type: 'dashboard.retry' }) : undefined}>
          {view.error}
        </AlertMessage>
      </>
    );
  }
  if (view.phase === 'loading') {
    return (
      <>
        {header}
        <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
          <Spinner size="lg" label="Loading the dashboard" />
        </div>
      </>
    );
  }
  const { till, chart } = view;
  const hasShopFigures = view.periods.length > 0;
  const tillSection = till ? (
    <Section
      id="dash-till"
      title={till.scope === 'mine' ? 'Your till today' : 'The till today'}
      // Beside the recent sales on a page without the shop's figures (a cashier's); under the pairs, across, on an owner's.
      wide={hasShopFigures}
      action={<AppLink href={DASHBOARD_LINKS.sessions()} className={link}>Register sessions</AppLink>}
    >
      <div className={tiles}>
        <FigureTile label="Sales at the till" name="Sales at the till today" value={money(till.total)} href={DASHBOARD_LINKS.tillSales({ from: view.today!, to: view.today! })} icon="register" tone="primary">
          <span className={muted}>{formatCount(till.sales, display)} {till.sales === 1 ? 'sale' : 'sales'}</span>
        </FigureTile>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', p: '4', borderRadius: 'lg', borderWidth: '1px', borderColor: 'border.default' })}>
          <span className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>Taken by method</span>
          {till.by_method.length === 0 ? <span className={muted}>Nothing taken yet.</span> : null}
          <dl className={css({ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: '4', rowGap: '1', fontSize: 'sm' })}>
            {till.by_method.map((m) => (
              <div key={m.method} className={css({ display: 'contents' })}>
                <dt className={css({ textTransform: 'capitalize' })}>{m.method}</dt>
                <dd className={amount}>{money(m.amount)}</dd>
              </div>
            ))}
            <dt>Refunds</dt>
            <dd className={amount}>{money(till.refunds)}</dd>
          </dl>
        </div>
      </div>
      <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>Open sessions</h3>
      {till.open_sessions.length === 0 ? (
        <p className={muted}>No register session is open.</p>
      ) : (
        <ul className={rowList} aria-label="Open register sessions">
          {till.open_sessions.map((s) => (
            <LinkRow key={s.id} href={DASHBOARD_LINKS.session(s.id)} title={s.reference} note={`${s.cashier} · since ${formatMoment(s.opened_at, display)}`}>
              <span className={amount}>{money(s.total)}</span>
              <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                {formatCount(s.sales, display)} {s.sales === 1 ? 'sale' : 'sales'}
              </span>
            </LinkRow>
          ))}
        </ul>
      )}
    </Section>
  ) : null;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      {header}
      {view.error ? (
        <AlertMessage tone="warning" title="The figures could not be refreshed; these are the last ones.">
          {view.error}
        </AlertMessage>
      ) : null}
      {view.periods.map((p) => (
        <PeriodSection key={p.key} period={p} money={money} />
      ))}
      <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', lg: 'repeat(auto-fit, minmax(420px, 1fr))' } })}>
        {!hasShopFigures ? tillSection : null}
        <Owed view={view} money={money} display={display} />
        {chart ? (
          <Section
            id="dash-chart"
            title={chart.range === 'days' ? 'Sales and profit, last 30 days' : 'Sales and profit, last 12 months'}
            wide
            action={<ChartSwitch range={chart.range} table={chart.table} send={send} />}
          >
            <SalesChart points={chart.points} range={chart.range} table={chart.table} theme={theme} display={display} />
          </Section>
        ) : null}
        {view.topProducts ? (
          <Section id="dash-top" title="Top products this month">
            {view.topProducts.length === 0 ? (
              <p className={muted}>Nothing sold this month yet.</p>
            ) : (
              <ol className={rowList}>
                {view.topProducts.map((p) => (
                  <LinkRow key={p.id} href={DASHBOARD_LINKS.product(p.id)} title={p.name} note={`${p.sku} · ${formatCount(p.quantity, display)} sold`}>
                    <span className={amount}>{money(p.revenue)}</span>
                  </LinkRow>
                ))}
              </ol>
            )}
          </Section>
        ) : null}
        {view.recentSales ? (
          <Section id="dash-recent" title="Recent sales" action={<AppLink href={DASHBOARD_LINKS.allSales()} className={link}>All sales</AppLink>}>
            {view.recentSales.length === 0 ? (
              <p className={muted}>No sales yet.</p>
            ) : (
              <ul className={rowList}>
                {view.recentSales.map((s) => (
                  <LinkRow key={s.id} href={DASHBOARD_LINKS.sale(s.id)} title={s.reference} note={`${s.customer ?? 'Walk-in customer'} · ${formatDay(s.sold_on, display)}`}>
                    <span className={amount}>{money(s.grand_total)}</span>
                    <PaymentBadge status={s.payment_status} />
                  </LinkRow>
                ))}
              </ul>
            )}
          </Section>
        ) : null}
        {hasShopFigures ? tillSection : null}
      </div>
    </div>
  );
}

function PeriodSection({ period, money }: { period: PeriodView; money: (cents: number) => string }) {
  const id = `dash-${period.key}`;
  const possessive = period.key === 'today' ? "Today's" : "This month's";
  return (
    <section aria-labelledby={id} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id={id} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {period.title}
      </h2>
      <div className={tiles}>
        {period.figures.map((f) => (
          <FigureTile
            key={f.key}
            label={f.label}
            name={`${possessive} ${f.label.toLowerCase()}`}
            value={money(f.value)}
            href={f.key === 'profit' ? DASHBOARD_LINKS.sales(period.days) : DASHBOARD_LINKS[f.key](period.days)}
            {...FIGURE_LOOK[f.key]}
          >
            <ChangeNote change={f.change} />
            <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
              {period.key === 'today' ? 'Yesterday' : 'Last month'}: {money(f.previous)}
            </span>
          </FigureTile>
        ))}
      </div>
    </section>
  );
}

/** What is owed both ways, the orders waiting and the products running out: whichever the person may see. */
function Owed({ view, money, display }: { view: DashboardView; money: (cents: number) => string; display: Display }) {
  const { receivable, payable, pendingOrders, lowStock } = view;
  if (!receivable && !payable && !pendingOrders && !lowStock) return null;
  const docs = (n: number, one: string, many: string) => `${formatCount(n, display)} ${n === 1 ? one : many}`;
  return (
    <Section id="dash-owed" title="Waiting on someone" wide>
      <div className={tiles}>
        {receivable ? (
          <FigureTile label="Customers owe" name="What customers owe" value={money(receivable.amount)} href={DASHBOARD_LINKS.receivable()} icon="people" tone="info">
            <span className={muted}>{docs(receivable.documents, 'sale', 'sales')}</span>
          </FigureTile>
        ) : null}
        {payable ? (
          <FigureTile label="You owe suppliers" name="What the shop owes suppliers" value={money(payable.amount)} href={DASHBOARD_LINKS.payable()} icon="truck" tone="warning">
            <span className={muted}>{docs(payable.documents, 'purchase', 'purchases')}</span>
          </FigureTile>
        ) : null}
        {pendingOrders ? (
          <FigureTile label="Pending website orders" name="Pending website orders" value={formatCount(pendingOrders.count, display)} href={DASHBOARD_LINKS.pendingOrders()} icon="clock" tone="primary">
            <span className={muted}>worth {money(pendingOrders.total)}</span>
          </FigureTile>
        ) : null}
        {lowStock ? (
          <FigureTile label="Low or out of stock" name="Products low or out of stock" value={formatCount(lowStock.count, display)} href={DASHBOARD_LINKS.lowStock()} icon="alert" tone="error">
            {lowStock.items.length > 0 ? (
              <ul className={css({ listStyle: 'none', fontSize: 'xs', color: 'fg.muted', display: 'grid', gap: '0.5' })}>
                {lowStock.items.slice(0, 3).map((i) => (
                  <li key={i.id}>
                    <AppLink href={DASHBOARD_LINKS.product(i.id)} className={link}>
                      {i.name}
                    </AppLink>{' '}
                    · {formatCount(i.on_hand, display)} left
                  </li>
                ))}
              </ul>
            ) : (
              <span className={muted}>Nothing is running out.</span>
            )}
          </FigureTile>
        ) : null}
      </div>
    </Section>
  );
}

function ChartSwitch({ range, table, send }: { range: ChartRange; table: boolean; send: (e: DashboardEvent) => void }) {
  const choice = (r: ChartRange, label: string) => (
    <Button size="sm" variant={range === r ? 'solid' : 'outline'} tone={range === r ? 'primary' : 'neutral'} aria-pressed={range === r} onClick={() => send({ type: 'chart.range', range: r })}>
      {label}
    </Button>
  );
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
      <div role="group" aria-label="Chart period" className={css({ display: 'flex', gap: '1' })}>
        {choice('days', '30 days')}
        {choice('months', '12 months')}
      </div>
      <Button size="sm" variant="ghost" tone="neutral" aria-pressed={table} onClick={() => send({ type: 'chart.table', table: !table })}>
        Show as table
      </Button>
    </div>
  );
}

/** A sale's payment status, in the words and tones the documents use. */
function PaymentBadge({ status }: { status: string }) {
  const known = status in PAYMENT_STATUSES ? (status as PaymentStatus) : null;
  if (!known) return null;
  const tone = PAYMENT_STATUS_TONES[known];
  return <Badge tone={tone === 'danger' ? 'error' : tone}>{PAYMENT_STATUSES[known]}</Badge>;
}

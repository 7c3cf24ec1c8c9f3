import { css, cx } from 'styled-system/css';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';

export interface DashboardScreenProps {
  /** The signed-in user's name, for the greeting. */
  name: string;
}

// Static classes: Panda extracts styles at build time, so a palette chosen at runtime needs a map.
const TONE = {
  primary: css({ colorPalette: 'primary' }),
  success: css({ colorPalette: 'success' }),
  info: css({ colorPalette: 'info' }),
  warning: css({ colorPalette: 'warning' }),
  error: css({ colorPalette: 'error' }),
} as const;

const FIGURES: readonly { label: string; icon: IconName; tone: 'primary' | 'success' | 'info' | 'warning' | 'error' }[] = [
  { label: "Today's sales", icon: 'cart', tone: 'primary' },
  { label: "This month's sales", icon: 'receipt', tone: 'success' },
  { label: 'Purchases', icon: 'bag', tone: 'info' },
  { label: 'Expenses', icon: 'wallet', tone: 'warning' },
  { label: 'Profit', icon: 'star', tone: 'success' },
  { label: 'Low-stock products', icon: 'alert', tone: 'error' },
  { label: 'Pending orders', icon: 'clock', tone: 'info' },
  { label: 'Sales, last 30 days', icon: 'layers', tone: 'primary' },
];

/** The figures are not computed yet; the page says so instead of showing made-up numbers. */
export function DashboardScreen({ name }: DashboardScreenProps) {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <section
        aria-labelledby="dash-welcome"
        className={css({
          position: 'relative',
          overflow: 'hidden',
          p: { base: '6', md: '8' },
          borderRadius: 'xl',
          color: 'white',
          background: 'linear-gradient(120deg, #7c3aed 0%, #5b21b6 100%)',
          boxShadow: '0 8px 24px rgba(91, 33, 182, 0.3)',
        })}
      >
        <span aria-hidden className={css({ position: 'absolute', insetEnd: '-10', top: '-16', w: '56', h: '56', borderRadius: 'full', bg: 'rgba(255,255,255,0.08)' })} />
        <span aria-hidden className={css({ position: 'absolute', insetEnd: '24', bottom: '-20', w: '40', h: '40', borderRadius: 'full', bg: 'rgba(255,255,255,0.06)' })} />
        <h2 id="dash-welcome" className={css({ position: 'relative', fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold' })}>
          Welcome back{first ? `, ${first}` : ''}!
        </h2>
        <p className={css({ position: 'relative', mt: '2', maxW: 'xl', color: 'rgba(255,255,255,0.92)' })}>
          The dashboard figures are not built yet. The cards below show what this page will report once they are.
        </p>
      </section>

      <ul aria-label="Dashboard figures" className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, listStyle: 'none' })}>
        {FIGURES.map((f) => (
          <li key={f.label}>
            <Card.Root className={css({ h: 'full' })}>
              <Card.Body className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
                <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' })}>
                  <span className={cx(TONE[f.tone], css({ display: 'inline-flex', p: '2.5', borderRadius: 'lg', bg: 'colorPalette.subtle', color: 'colorPalette.fg' }))}>
                    <Icon name={f.icon} />
                  </span>
                  <Badge tone="neutral">Not built yet</Badge>
                </div>
                <h3 className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>{f.label}</h3>
                <p className={css({ fontSize: '2xl', fontWeight: 'semibold', color: 'fg.muted' })}>
                  <span aria-hidden>—</span>
                  <span className={css({ srOnly: true })}>No figure yet</span>
                </p>
              </Card.Body>
            </Card.Root>
          </li>
        ))}
      </ul>
    </div>
  );
}

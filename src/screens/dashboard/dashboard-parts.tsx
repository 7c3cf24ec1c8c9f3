import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import type { Change, FigureView } from '../../../machines/dashboard/dashboard.selectors.ts';
import { Card } from '../../components/ui/card.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';

// Static classes: Panda extracts styles at build time, so a palette chosen at runtime needs a map.
export const TONE = {
  primary: css({ colorPalette: 'primary' }),
  success: css({ colorPalette: 'success' }),
  info: css({ colorPalette: 'info' }),
  warning: css({ colorPalette: 'warning' }),
  error: css({ colorPalette: 'error' }),
  neutral: css({ colorPalette: 'neutral' }),
} as const;
export type Tone = keyof typeof TONE;

export const FIGURE_LOOK: Record<FigureView['key'], { icon: IconName; tone: Tone }> = {
  sales: { icon: 'cart', tone: 'primary' },
  purchases: { icon: 'bag', tone: 'info' },
  expenses: { icon: 'wallet', tone: 'warning' },
  profit: { icon: 'star', tone: 'success' },
};

export const figureLink = css({
  color: 'fg.default',
  textDecoration: 'none',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline', textUnderlineOffset: '3px', color: 'primary.fg' },
});

/** A titled part of the dashboard; `wide` spans the whole row of the grid. */
export function Section({ id, title, action, wide, children }: { id: string; title: string; action?: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <Card.Root aria-labelledby={id} className={cx(css({ minW: '0' }), wide && css({ gridColumn: '1 / -1' }))}>
      <Card.Body className={css({ display: 'flex', flexDirection: 'column', gap: '4', h: 'full' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
          <h2 id={id} className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
            {title}
          </h2>
          {action}
        </div>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** The icon in its tone's subtle square. */
export function ToneIcon({ name, tone }: { name: IconName; tone: Tone }) {
  return (
    <span className={cx(TONE[tone], css({ display: 'inline-flex', p: '2', borderRadius: 'lg', bg: 'colorPalette.subtle', color: 'colorPalette.fg', flexShrink: '0' }))}>
      <Icon name={name} size="sm" />
    </span>
  );
}

const ARROW = { up: '↑', down: '↓', same: '→', new: '↑' } as const;

/** How a figure moved, in words (read aloud as written), the arrow only for the eye. */
export function ChangeNote({ change }: { change: Change }) {
  const tone: Tone = change.good === null ? 'neutral' : change.good ? 'success' : 'error';
  return (
    <span className={cx(TONE[tone], css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'xs', fontWeight: 'medium', color: 'colorPalette.fg' }))}>
      <span aria-hidden>{ARROW[change.direction]}</span>
      {change.words}
    </span>
  );
}

/**
 * One figure: its name, the amount as a link to the list that explains it, and how it moved
 * against the previous period. The link's name says which figure it is ("This month's sales").
 */
export function FigureTile({ label, name, value, href, icon, tone, children }: { label: string; name: string; value: string; href: string; icon: IconName; tone: Tone; children?: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', p: '4', borderRadius: 'lg', borderWidth: '1px', borderColor: 'border.default', bg: 'bg.surface', minW: '0' })}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        <ToneIcon name={icon} tone={tone} />
        <span className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>{label}</span>
      </div>
      <AppLink href={href} aria-label={`${name}: ${value}`} className={cx(figureLink, css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }))}>
        {value}
      </AppLink>
      {children}
    </div>
  );
}

/** A grid of tiles that fills its row whatever number it holds. */
export const tiles = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(auto-fit, minmax(150px, 1fr))', md: 'repeat(auto-fit, minmax(190px, 1fr))' } });

/** A short list of rows, each a link and its figures. */
export const rowList = css({ display: 'flex', flexDirection: 'column', listStyle: 'none', '& > li': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', py: '2.5', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } } });
export const muted = css({ fontSize: 'sm', color: 'fg.muted' });
export const amount = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'medium', whiteSpace: 'nowrap' });

const rowLink = css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px', overflowWrap: 'anywhere' });

/** One row of a short list: what it is (a link to its page) with a note under it, and its figures at the end. */
export function LinkRow({ href, title, note, children }: { href: string; title: string; note: ReactNode; children: ReactNode }) {
  return (
    <li>
      <span className={css({ display: 'flex', flexDirection: 'column', minW: '0' })}>
        <AppLink href={href} className={rowLink}>
          {title}
        </AppLink>
        <span className={muted}>{note}</span>
      </span>
      <span className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1', textAlign: 'end' })}>{children}</span>
    </li>
  );
}

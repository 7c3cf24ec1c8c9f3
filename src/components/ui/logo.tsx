import { css, cx } from 'styled-system/css';
import { Icon } from './icon.tsx';

export const PRODUCT_NAME = 'Shop Back Office';

/** The brand mark: a purple tile with the store glyph, optionally followed by the name. */
export function Logo({ withName = true, className }: { withName?: boolean; className?: string }) {
  return (
    <span className={cx(css({ display: 'inline-flex', alignItems: 'center', gap: '2.5', minW: '0' }), className)}>
      <span
        aria-hidden
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
          w: '9',
          h: '9',
          borderRadius: 'lg',
          color: 'white',
          bgGradient: 'to-br',
          gradientFrom: 'violet.500',
          gradientTo: 'violet.700',
          boxShadow: '0 4px 10px rgba(124, 58, 237, 0.35)',
        })}
      >
        <Icon name="store" size="md" />
      </span>
      {withName ? (
        <span className={css({ fontSize: 'md', fontWeight: 'bold', letterSpacing: '-0.01em', color: 'fg.default', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' })}>
          {PRODUCT_NAME}
        </span>
      ) : null}
    </span>
  );
}

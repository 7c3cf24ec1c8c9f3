import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/**
 * The line under the page's h1 (the layout renders the h1 from the route title): a short
 * description on the left, the page's actions on the right, wrapping on narrow screens.
 */
export function PageHeader({ subtitle, actions }: { subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mt: '-3', mb: '4' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', minW: '0' })}>{subtitle}</p>
      {actions ? <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>{actions}</div> : null}
    </div>
  );
}

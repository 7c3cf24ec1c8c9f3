import { css } from 'styled-system/css';

/** The looks every document card shares. */
export const cardHeading = css({ fontSize: 'lg', fontWeight: 'semibold' });
export const docTable = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th': { textAlign: 'start', fontWeight: 'medium', color: 'fg.muted', py: '2', px: '2', borderBottomWidth: '1px', borderColor: 'border.default', whiteSpace: 'nowrap' },
  '& td': { py: '2', px: '2', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
  '& td[data-num], & th[data-num]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});

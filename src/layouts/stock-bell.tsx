import { Portal } from '@ark-ui/react/portal';
import { shallowEqual, useSelector } from '../app/use-selector.ts';
import { css } from 'styled-system/css';
import { selectBell } from '../../machines/stock/stock-alerts.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { StockStateBadge } from '../screens/products/stock-badge.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { AppLink } from '../components/ui/link.tsx';
import { Menu } from '../components/ui/menu.tsx';

const trigger = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '10',
  h: '10',
  borderRadius: 'full',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.hover', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const count = css({
  position: 'absolute',
  top: '-0.5',
  insetEnd: '-1',
  minW: '5',
  h: '5',
  px: '1.5',
  borderRadius: 'full',
  bg: 'error.solid',
  color: 'white',
  fontSize: '0.6875rem',
  fontWeight: 'bold',
  lineHeight: '1.25rem',
  boxShadow: '0 0 0 2px token(colors.bg.canvas)',
  textAlign: 'center',
});

/** The top bar's bell: how many products are low or out of stock, and a list of them with links. */
export function StockBell({ alerts }: { alerts: AppSystem['stockAlerts'] }) {
  const bell = useSelector(alerts, selectBell, shallowEqual);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 10 }} lazyMount unmountOnExit>
      <Menu.Trigger aria-label={bell.label} className={trigger}>
        <Icon name="bell" />
        {bell.count > 0 ? (
          <span aria-hidden className={count}>
            {bell.count > 99 ? '99+' : bell.count}
          </span>
        ) : null}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={css({ minW: '72', maxW: 'min(24rem, calc(100vw - 1.5rem))', maxH: 'min(70vh, 34rem)', overflowY: 'auto' })}>
            <p className={css({ px: '4', py: '2', fontWeight: 'semibold', fontSize: 'sm' })}>
              {!bell.watching ? 'No notifications' : bell.count === 0 ? 'No product is low on stock' : `Low stock: ${bell.count} ${bell.count === 1 ? 'product' : 'products'}`}
            </p>
            {bell.error ? <p className={css({ px: '4', pb: '2', fontSize: 'xs', color: 'error.fg' })}>{bell.error}</p> : null}
            {bell.items.length ? <Menu.Separator /> : null}
            {bell.items.map((a) => (
              <Menu.Item key={a.id} value={`product-${a.id}`} asChild>
                <AppLink href={a.href}>
                  <span className={css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' })}>
                    <span className={css({ truncate: true })}>{a.name}</span>
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                      {a.on_hand} on hand, alert at {a.alert_quantity}
                    </span>
                  </span>
                  <StockStateBadge state={a.stock_state} />
                </AppLink>
              </Menu.Item>
            ))}
            {bell.allHref && bell.count > 0 ? (
              <>
                <Menu.Separator />
                <Menu.Item value="all" asChild>
                  <AppLink href={bell.allHref}>See all {bell.count} on the products list</AppLink>
                </Menu.Item>
              </>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

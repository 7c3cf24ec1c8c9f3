import { Collapsible } from '@ark-ui/react/collapsible';
import { Portal } from '@ark-ui/react/portal';
import { memo, useId } from 'react';
import { DASHBOARD_PATH } from '../../domain/paths.ts';
import { isLink, type MenuEntry, type MenuGroup, type MenuLink, type MenuSubgroup } from '../../domain/menu.ts';
import { css, cx } from 'styled-system/css';
import { AppLink } from '../components/ui/link.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { IconButton } from '../components/ui/icon-button.tsx';
import { Logo, PRODUCT_NAME } from '../components/ui/logo.tsx';
import { Menu } from '../components/ui/menu.tsx';
import { SimpleTooltip } from '../components/ui/tooltip.tsx';

export interface SideDrawerProps {
  menu: readonly MenuEntry[];
  /** The link marked current: the page's own, or its section's on a create or edit page. */
  currentHref: string | null;
  mini: boolean;
  /** The mini toggle makes no sense in the temporary (overlay) drawer. */
  showMiniToggle: boolean;
  onToggleMini(): void;
  /** Open groups by label, when a machine owns them; otherwise groups holding the page open. */
  openGroups?: readonly string[];
  onToggleGroup?(label: string): void;
}

const holds = (node: MenuGroup | MenuSubgroup, href: string | null): boolean =>
  node.children.some((c) => (isLink(c) ? c.href === href : holds(c, href)));

const itemBase = css.raw({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  w: 'full',
  minH: '10',
  px: '3',
  py: '2',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background 150ms, color 150ms',
  '& > svg': { color: 'fg.muted' },
  _hover: { bg: 'bg.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
  _disabled: { cursor: 'not-allowed', opacity: 1, _hover: { bg: 'transparent' } },
});

const activeStyle = css.raw({
  '&[aria-current=page]': {
    color: 'white',
    background: 'linear-gradient(98deg, #7c3aed 0%, #6d28d9 100%)',
    boxShadow: '0 4px 10px rgba(124, 58, 237, 0.32)',
    '& > svg': { color: 'white' },
    _hover: { bg: 'linear-gradient(98deg, #6d28d9 0%, #5b21b6 100%)' },
  },
});

const item = css(itemBase, activeStyle);
const miniItem = css(itemBase, activeStyle, { justifyContent: 'center', px: '0', w: '10', h: '10', mx: 'auto' });
const label = css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const chevron = css({
  w: '4!',
  h: '4!',
  color: 'fg.muted',
  transition: 'transform 200ms',
  '[data-state=open] > &': { transform: 'rotate(90deg)' },
});
const collapsibleContent = css({
  overflow: 'hidden',
  _open: { animation: 'expandHeight 200ms ease-out' },
  _closed: { animation: 'collapseHeight 150ms ease-in' },
});
const sublist = css({ display: 'flex', flexDirection: 'column', gap: '0.5', mt: '0.5', ps: '4' });

/** Drawn again only when its props change (the shell passes stable ones). */
export const SideDrawer = memo(function SideDrawer(props: SideDrawerProps) {
  const { menu, mini, showMiniToggle, onToggleMini } = props;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', h: 'full', minH: '0' })}>
      {/* One toggle in one place for both widths (under the logo in the rail), so the focus stays on it as the rail collapses or expands. */}
      <div
        className={css({ display: 'flex', flexDirection: mini ? 'column' : 'row', alignItems: 'center', justifyContent: mini ? 'center' : 'space-between', gap: '2', minH: '16', py: mini ? '3' : '0', px: mini ? '0' : '4', flexShrink: 0 })}
      >
        <AppLink
          href={DASHBOARD_PATH}
          aria-label={`${PRODUCT_NAME}: dashboard`}
          className={css({ display: 'flex', minW: '0', borderRadius: 'lg', textDecoration: 'none' })}
        >
          <Logo withName={!mini} />
        </AppLink>
        {showMiniToggle ? (
          <SimpleTooltip content={mini ? 'Expand menu' : 'Collapse menu to icons'} placement="right">
            <IconButton icon={mini ? 'chevron-right' : 'chevron-left'} size="sm" aria-label={mini ? 'Expand menu' : 'Collapse menu to icons'} onClick={onToggleMini} />
          </SimpleTooltip>
        ) : null}
      </div>
      <nav aria-label="Main menu" className={css({ flex: '1', minH: '0', overflowY: 'auto', overflowX: 'hidden', px: mini ? '2' : '3', pb: '4', scrollbarWidth: 'thin' })}>
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none' })}>
          {menu.map((entry) => (
            <li key={entry.label}>{mini ? <MiniEntry entry={entry} {...props} /> : <Entry entry={entry} {...props} />}</li>
          ))}
        </ul>
      </nav>
      {mini ? null : <UpgradeBanner />}
    </div>
  );
});

function NavLink({ link, currentHref, nested }: { link: MenuLink; currentHref: string | null; nested?: boolean }) {
  return (
    <AppLink
      href={link.href}
      aria-current={link.href === currentHref ? 'page' : undefined}
      className={cx(item, nested ? css({ minH: '9', fontWeight: 'normal' }) : undefined)}
    >
      <Icon name={link.icon} size={nested ? 'sm' : 'md'} />
      <span className={label}>{link.label}</span>
    </AppLink>
  );
}

function Entry({ entry, ...p }: { entry: MenuEntry } & SideDrawerProps) {
  if (isLink(entry)) return <NavLink link={entry} currentHref={p.currentHref} />;
  if (entry.children.length === 0) return <EmptyGroup group={entry} />;
  return <Group node={entry} {...p} />;
}

function Group({ node, nested, ...p }: { node: MenuGroup | MenuSubgroup; nested?: boolean } & SideDrawerProps) {
  const controlled = p.openGroups !== undefined;
  return (
    <Collapsible.Root
      {...(controlled
        ? { open: p.openGroups?.includes(node.label) ?? false, onOpenChange: () => p.onToggleGroup?.(node.label) }
        : { defaultOpen: holds(node, p.currentHref) })}
      lazyMount
    >
      <Collapsible.Trigger className={cx(item, nested ? css({ minH: '9', fontWeight: 'normal' }) : undefined)}>
        <Icon name={node.icon} size={nested ? 'sm' : 'md'} />
        <span className={label}>{node.label}</span>
        <Icon name="chevron-right" className={chevron} />
      </Collapsible.Trigger>
      <Collapsible.Content className={collapsibleContent}>
        <ul className={sublist}>
          {node.children.map((child) => (
            <li key={child.label}>
              {isLink(child) ? (
                <NavLink link={child} currentHref={p.currentHref} nested />
              ) : (
                <Group node={child} nested {...p} />
              )}
            </li>
          ))}
        </ul>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** SPEC §6: Products and Inventory are shown even when the role sees none of their links. */
function EmptyGroup({ group }: { group: MenuGroup }) {
  return (
    <button type="button" disabled className={item}>
      <Icon name={group.icon} />
      <span className={label}>{group.label}</span>
      <span className={css({ fontSize: 'xs', fontWeight: 'normal', color: 'fg.muted' })}>No items</span>
    </button>
  );
}

function MiniEntry({ entry, currentHref }: { entry: MenuEntry } & SideDrawerProps) {
  if (isLink(entry)) {
    return (
      <SimpleTooltip content={entry.label} placement="right">
        <AppLink href={entry.href} aria-current={entry.href === currentHref ? 'page' : undefined} className={miniItem}>
          <Icon name={entry.icon} />
          <span className={css({ srOnly: true })}>{entry.label}</span>
        </AppLink>
      </SimpleTooltip>
    );
  }
  if (entry.children.length === 0) {
    return (
      <button type="button" disabled aria-label={`${entry.label}: no items`} className={miniItem}>
        <Icon name={entry.icon} />
      </button>
    );
  }
  return <MiniGroup group={entry} currentHref={currentHref} />;
}

function MiniGroup({ group: entry, currentHref }: { group: MenuGroup; currentHref: string | null }) {
  const active = holds(entry, currentHref);
  // Tooltip and menu share one trigger element; zag finds its trigger by id, so they share the id.
  const triggerId = `rail-${useId()}`;
  // In the rail a group opens as a flyout menu beside it, so every link stays one click away.
  return (
    <Menu.Root ids={{ trigger: triggerId }} positioning={{ placement: 'right-start', gutter: 12 }} lazyMount unmountOnExit>
      <SimpleTooltip content={entry.label} placement="right" triggerId={triggerId}>
        <Menu.Trigger className={cx(miniItem, active ? css({ bg: 'primary.subtle', '& > svg': { color: 'primary.fg' } }) : undefined)} aria-label={entry.label}>
          <Icon name={entry.icon} />
        </Menu.Trigger>
      </SimpleTooltip>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{entry.label}</Menu.ItemGroupLabel>
              {entry.children.filter(isLink).map((l) => (
                <FlyoutLink key={l.href} link={l} currentHref={currentHref} />
              ))}
            </Menu.ItemGroup>
            {entry.children.map((c) =>
              isLink(c) ? null : (
                <Menu.ItemGroup key={c.label}>
                  <Menu.Separator />
                  <Menu.ItemGroupLabel>{c.label}</Menu.ItemGroupLabel>
                  {c.children.map((l) => (
                    <FlyoutLink key={l.href} link={l} currentHref={currentHref} />
                  ))}
                </Menu.ItemGroup>
              ),
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function FlyoutLink({ link, currentHref }: { link: MenuLink; currentHref: string | null }) {
  return (
    <Menu.Item value={link.href} asChild>
      <AppLink href={link.href} aria-current={link.href === currentHref ? 'page' : undefined}>
        <Icon name={link.icon} />
        {link.label}
      </AppLink>
    </Menu.Item>
  );
}

/** Cosmetic (SPEC §2): there is no Pro edition; nothing here is interactive. */
function UpgradeBanner() {
  return (
    <div
      className={css({
        m: '4',
        mt: '2',
        p: '4',
        borderRadius: 'xl',
        color: 'white',
        background: 'linear-gradient(135deg, #7c3aed 0%, #5b21b6 100%)',
        boxShadow: '0 6px 18px rgba(91, 33, 182, 0.35)',
        flexShrink: 0,
        position: 'relative',
        overflow: 'hidden',
      })}
    >
      <span aria-hidden className={css({ position: 'absolute', insetEnd: '-6', top: '-6', w: '24', h: '24', borderRadius: 'full', bg: 'rgba(255,255,255,0.1)' })} />
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold', fontSize: 'sm' })}>
        <Icon name="rocket" size="md" />
        Upgrade to Pro
      </div>
      <p className={css({ mt: '1.5', fontSize: 'xs', lineHeight: 'relaxed', color: 'rgba(255,255,255,0.92)' })}>
        Multi-store stock, advanced reports and priority support.
      </p>
    </div>
  );
}

import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import type { MenuEntry } from '../../domain/menu.ts';
import type { Crumb } from '../../domain/page.ts';
import { css } from 'styled-system/css';
import { Dialog } from '../components/ui/dialog.tsx';
import { AppLink } from '../components/ui/link.tsx';
import { PRODUCT_NAME } from '../components/ui/logo.tsx';
import { SideDrawer } from './side-drawer.tsx';
import { TopBar } from './top-bar.tsx';
import { UpgradeButton } from './upgrade.tsx';

export interface ContentLayoutProps {
  /** The page title, shown as the page's h1. */
  title: string;
  user: { name: string; email: string };
  /** Already filtered for the user (domain/menu.ts visibleMenu). */
  menu: readonly MenuEntry[];
  /** The menu link marked current: the page's, or its section's on a create or edit page. */
  currentHref: string | null;
  /** The trail above the title on nested pages (Customers › Edit customer Aiden Hall). */
  breadcrumbs?: readonly Crumb[];
  drawerOpen: boolean;
  drawerMini: boolean;
  theme: 'light' | 'dark';
  /** Below 960px the drawer is a temporary overlay instead of a column. */
  narrow?: boolean;
  onToggleDrawer(): void;
  /** Closing the overlay drawer (backdrop click, Escape); falls back to onToggleDrawer. */
  onCloseDrawer?(): void;
  onToggleMini(): void;
  onToggleTheme(): void;
  onLogout(): void;
  onSearch?(q: string): void;
  onOpenNotifications?(): void;
  /** The notification bell, when the app gives one (stock alerts); else a plain button. */
  bell?: ReactNode;
  /** Open menu groups by label, when a machine owns them (else groups holding the page open). */
  openGroups?: readonly string[];
  onToggleGroup?(label: string): void;
  children?: ReactNode;
}

const DRAWER_ID = 'app-drawer';

export function ContentLayout(props: ContentLayoutProps) {
  const { title, narrow = false, drawerOpen, drawerMini, onToggleDrawer, children } = props;
  const mini = !narrow && drawerMini;
  const drawer = (
    <SideDrawer
      menu={props.menu}
      currentHref={props.currentHref}
      mini={mini}
      showMiniToggle={!narrow}
      onToggleMini={props.onToggleMini}
      {...(props.openGroups ? { openGroups: props.openGroups } : {})}
      {...(props.onToggleGroup ? { onToggleGroup: props.onToggleGroup } : {})}
    />
  );

  return (
    <div className={css({ display: 'flex', minH: '100vh', bg: 'bg.canvas' })}>
      <a
        href="#main"
        className={css({
          position: 'fixed',
          top: '2',
          insetStart: '2',
          zIndex: 'skipLink',
          px: '4',
          py: '2',
          borderRadius: 'md',
          bg: 'primary.solid',
          color: 'white',
          transform: 'translateY(-200%)',
          _focus: { transform: 'none' },
        })}
      >
        Skip to content
      </a>

      {narrow ? (
        <Dialog.Root
          // The content id goes through Ark's ids so its focus trap, Escape and outside click find it.
          ids={{ content: DRAWER_ID }}
          open={drawerOpen}
          onOpenChange={(d) => {
            if (!d.open) (props.onCloseDrawer ?? onToggleDrawer)();
          }}
          lazyMount
          unmountOnExit
        >
          <Portal>
            <Dialog.Backdrop />
            <ArkDialog.Positioner className={css({ position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex' })}>
              <ArkDialog.Content
                aria-label="Navigation"
                className={css({
                  w: 'drawer',
                  maxW: '85vw',
                  h: '100dvh',
                  bg: 'bg.surface',
                  boxShadow: 'lg',
                  outline: 'none',
                  _open: { animation: 'slideIn 220ms ease-out' },
                  _closed: { animation: 'slideOut 180ms ease-in' },
                })}
              >
                {drawer}
              </ArkDialog.Content>
            </ArkDialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : drawerOpen ? (
        <aside
          id={DRAWER_ID}
          aria-label="Sidebar"
          className={css({
            position: 'sticky',
            top: '0',
            h: '100vh',
            flexShrink: 0,
            bg: 'bg.canvas',
            borderRightWidth: '1px',
            borderColor: 'border.default',
            transition: 'width 200ms ease',
            zIndex: 'docked',
            // Classes, not a style attribute: the Content-Security-Policy does not apply styles written in a page the server drew.
            w: mini ? 'drawerMini' : 'drawer',
          })}
        >
          {drawer}
        </aside>
      ) : null}

      <div className={css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column' })}>
        <TopBar
          user={props.user}
          drawerOpen={drawerOpen}
          narrow={narrow}
          theme={props.theme}
          drawerId={DRAWER_ID}
          onToggleDrawer={onToggleDrawer}
          onToggleTheme={props.onToggleTheme}
              onLogout={props.onLogout}
          {...(props.onSearch ? { onSearch: props.onSearch } : {})}
          {...(props.onOpenNotifications ? { onOpenNotifications: props.onOpenNotifications } : {})}
          bell={props.bell}
        />
        <main id="main" tabIndex={-1} className={css({ flex: '1', w: 'full', maxW: 'content', mx: 'auto', px: { base: '4', sm: '6' }, pt: '4', pb: '10', outline: 'none' })}>
          {props.breadcrumbs?.length ? <Breadcrumbs trail={props.breadcrumbs} /> : null}
          <h1 className={css({ fontSize: { base: 'xl', sm: '2xl' }, fontWeight: 'semibold', letterSpacing: '-0.01em', mb: '6', color: 'fg.default', overflowWrap: 'anywhere' })}>{title}</h1>
          {children}
        </main>
        {/*
          The footer stays in view at the bottom of the window (sticky) and holds SPEC's upgrade
          button, so the button has a room of its own instead of floating over rows; the page
          scrolls out from under the bar, and focus is kept clear of it (scroll padding).
        */}
        <footer
          // The footer bar's height; the document's scroll padding (src/theme/global-css.ts, a little more) keeps a focused control out from under it.
          className={css({ position: 'sticky', bottom: '0', zIndex: 'banner', h: '3.5rem', bg: 'bg.canvas', px: { base: '4', sm: '6' } })}
        >
          <div
            className={css({
              maxW: 'content',
              h: 'full',
              mx: 'auto',
              borderTopWidth: '1px',
              borderColor: 'border.default',
              display: 'flex',
              alignItems: 'center',
              gap: '3',
              justifyContent: 'space-between',
              fontSize: { base: 'xs', sm: 'sm' },
              color: 'fg.muted',
            })}
          >
            <span>© 2022 {PRODUCT_NAME}. All rights reserved.</span>
            <UpgradeButton narrow={narrow} />
          </div>
        </footer>
      </div>
    </div>
  );
}

/** Where a nested page sits: links back up, the current page last (marked as the page). */
function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={css({ mb: '1.5', fontSize: 'sm', color: 'fg.muted' })}>
      <ol className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5', listStyle: 'none', minW: '0' })}>
        {trail.map((c, i) => (
          <li key={`${i}:${c.label}`} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', minW: '0' })}>
            {i > 0 ? (
              <span aria-hidden="true" className={css({ color: 'fg.muted' })}>
                ›
              </span>
            ) : null}
            {c.href ? (
              <AppLink href={c.href} className={css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { textDecorationThickness: '2px' } })}>
                {c.label}
              </AppLink>
            ) : (
              <span aria-current="page" className={css({ color: 'fg.default', overflowWrap: 'anywhere' })}>
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { selectMenu, selectUser } from '../../machines/auth.machine.ts';
import { selectBreadcrumbs, selectMenuHref, selectPathname } from '../../machines/navigation.machine.ts';
import { selectDrawerOpen, selectMini, selectNarrow, selectTheme } from '../../machines/ui.machine.ts';
import { ContentLayout } from '../layouts/content-layout.tsx';
import { useAppSystem } from './app-context.tsx';
import { LeaveDialog } from './leave-dialog.tsx';
import { StockBell } from '../layouts/stock-bell.tsx';

const sameCrumbs = (a: readonly { label: string; href?: string }[], b: readonly { label: string; href?: string }[]) =>
  a.length === b.length && a.every((c, i) => shallowEqual(c, b[i]));

/** The content layout of SPEC §2, fed from the auth, ui and navigation actors. */
export function Shell({ title, children }: { title: string; children: ReactNode }) {
  const { auth, ui, navigation, toaster, stockAlerts } = useAppSystem();
  const notBuilt = (what: string) => toaster.send({ type: 'toast.show', toastType: 'info', body: `${what} is not built yet.` });
  const user = useSelector(auth, selectUser);
  const pathname = useSelector(navigation, selectPathname);
  const drawerOpen = useSelector(ui, selectDrawerOpen);
  const mini = useSelector(ui, selectMini);
  const narrow = useSelector(ui, selectNarrow);
  const theme = useSelector(ui, selectTheme);
  // After a page change, keyboard and screen-reader users continue from the new page's content.
  // Not on the first page shown (a load, a reload, just signed in): the document starts at its
  // top, where the skip link is the first stop.
  const shownFirst = useRef(pathname);
  useEffect(() => {
    if (pathname === shownFirst.current) return;
    shownFirst.current = '';
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  const menu = useSelector(auth, selectMenu);
  const currentHref = useSelector(navigation, selectMenuHref);
  const breadcrumbs = useSelector(navigation, selectBreadcrumbs, sameCrumbs);

  return (
    <ContentLayout
      title={title}
      user={{ name: user?.name ?? '', email: user?.email ?? '' }}
      menu={menu}
      currentHref={currentHref}
      breadcrumbs={breadcrumbs}
      drawerOpen={drawerOpen}
      drawerMini={mini}
      narrow={narrow}
      theme={theme}
      onToggleDrawer={() => ui.send({ type: 'drawer.toggle' })}
      onCloseDrawer={() => ui.send({ type: 'drawer.close' })}
      onToggleMini={() => ui.send({ type: 'drawer.mini.toggle' })}
      onToggleTheme={() => ui.send({ type: 'theme.toggle' })}
      // Through navigation: with unsaved changes it asks "Leave this page?" first.
      onLogout={() => navigation.send({ type: 'nav.logout' })}
      onSearch={() => notBuilt('Search')}
      bell={<StockBell alerts={stockAlerts} />}
    >
      {children}
      <LeaveDialog />
    </ContentLayout>
  );
}

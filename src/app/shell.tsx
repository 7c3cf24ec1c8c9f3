import { shallowEqual, useSelector } from './use-selector.ts';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { selectUser } from '../../machines/auth.machine.ts';
import { selectMenu } from '../../machines/auth.selectors.ts';
import { selectBreadcrumbs, selectPathname } from '../../machines/navigation.machine.ts';
import { selectMenuHref } from '../../machines/navigation.selectors.ts';
import { selectDrawerOpen, selectMini, selectNarrow, selectTheme } from '../../machines/ui.machine.ts';
// The menu's and the screens' icons join the first page's few (every signed-in page is in the shell).
import '../components/ui/icon-more.tsx';
import { ContentLayout } from '../layouts/content-layout.tsx';
import { useAppSystem } from './app-context.tsx';
import { LeaveDialog } from './leave-dialog.tsx';
import { SearchPalette } from './search-palette.tsx';
import { ScreenRouter } from './screen-router.tsx';
import { StockBell } from '../layouts/stock-bell.tsx';

const sameCrumbs = (a: readonly { label: string; href?: string }[], b: readonly { label: string; href?: string }[]) =>
  a.length === b.length && a.every((c, i) => shallowEqual(c, b[i]));

/** The content layout of SPEC §2, fed from the auth, ui and navigation actors. */
export function Shell({ title, children }: { title: string; children: ReactNode }) {
  const { auth, ui, navigation, search, stockAlerts } = useAppSystem();
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

  // Stable props, so the drawer and the top bar (memo) are not drawn again when only the page changes.
  const person = useMemo(() => ({ name: user?.name ?? '', email: user?.email ?? '' }), [user?.name, user?.email]);
  const on = useMemo(
    () => ({
      toggleDrawer: () => ui.send({ type: 'drawer.toggle' }),
      closeDrawer: () => ui.send({ type: 'drawer.close' }),
      toggleMini: () => ui.send({ type: 'drawer.mini.toggle' }),
      toggleTheme: () => ui.send({ type: 'theme.toggle' }),
      // Through navigation: with unsaved changes it asks "Leave this page?" first.
      logout: () => navigation.send({ type: 'nav.logout' }),
      search: (q: string) => {
        search.send({ type: 'search.open' });
        if (q) search.send({ type: 'search.type', q });
      },
    }),
    [ui, navigation, search],
  );
  // Ctrl+K (Cmd+K on a Mac) opens the search anywhere in the back office; the till uses neither.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        search.send({ type: 'search.open' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [search]);
  const bell = useMemo(() => <StockBell alerts={stockAlerts} />, [stockAlerts]);

  return (
    <ScreenRouter>
      <ContentLayout
        title={title}
        user={person}
        menu={menu}
        currentHref={currentHref}
        breadcrumbs={breadcrumbs}
        drawerOpen={drawerOpen}
        drawerMini={mini}
        narrow={narrow}
        theme={theme}
        onToggleDrawer={on.toggleDrawer}
        onCloseDrawer={on.closeDrawer}
        onToggleMini={on.toggleMini}
        onToggleTheme={on.toggleTheme}
        onLogout={on.logout}
        onSearch={on.search}
        bell={bell}
      >
        {children}
        <LeaveDialog />
        <SearchPalette />
      </ContentLayout>
    </ScreenRouter>
  );
}

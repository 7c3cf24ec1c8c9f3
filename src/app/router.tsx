import { useCallback, useMemo, type ReactNode } from 'react';
import { Router, type BaseLocationHook } from 'wouter';
import { selectPathname, selectSearchParams } from '../../machines/navigation.machine.ts';
import { LinkNavigation } from '../components/ui/link.tsx';
import { useAppSystem } from './app-context.tsx';
import { useSelector } from './use-selector.ts';

/**
 * wouter reads and changes the location through the navigation machine, so every <Link>
 * and navigate() call passes the machine's guards (domain/routes.ts) instead of writing
 * history directly.
 */
const useMachineLocation: BaseLocationHook = () => {
  const { navigation } = useAppSystem();
  const pathname = useSelector(navigation, selectPathname);
  const navigate = useCallback(
    (to: string | URL, options?: { replace?: boolean }) => navigation.send({ type: 'nav.go', to: String(to), replace: !!options?.replace }),
    [navigation],
  );
  return [pathname, navigate];
};

const useMachineSearch = () => {
  const { navigation } = useAppSystem();
  return useSelector(navigation, selectSearchParams);
};

/**
 * The router, and the one way every AppLink moves the app: a `nav.go` to the navigation
 * machine (and a `nav.warm` to fetch a page's code ahead when a link is hovered or focused).
 */
export function MachineRouter({ children }: { children: ReactNode }) {
  const { navigation } = useAppSystem();
  const links = useMemo(
    () => ({ navigate: (to: string) => navigation.send({ type: 'nav.go', to }), warm: (to: string) => navigation.send({ type: 'nav.warm', to }) }),
    [navigation],
  );
  return (
    <Router hook={useMachineLocation} searchHook={useMachineSearch}>
      <LinkNavigation navigation={links}>{children}</LinkNavigation>
    </Router>
  );
}

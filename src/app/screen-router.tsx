import { useCallback, type ReactNode } from 'react';
import { Router, type BaseLocationHook } from 'wouter';
import { selectPathname, selectSearchParams } from '../../machines/navigation.machine.ts';
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
 * wouter's router for the screens, in the shell (shell.tsx): the sign-in page and the other
 * blank-layout views use none of it, so it is not among the first page's files.
 */
export function ScreenRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={useMachineLocation} searchHook={useMachineSearch}>
      {children}
    </Router>
  );
}

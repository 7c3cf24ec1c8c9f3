import { useSelector } from '@xstate/react';
import { useCallback, type ReactNode } from 'react';
import { Router, type BaseLocationHook } from 'wouter';
import { selectPathname } from '../../machines/navigation.machine.ts';
import { useAppSystem } from './app-context.tsx';

/**
 * wouter reads and changes the location through the navigation machine, so every <Link>
 * and navigate() call passes the machine's guards instead of writing history directly.
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
  return useSelector(navigation, (s) => s.context.search.replace(/^\?/, ''));
};

export function MachineRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={useMachineLocation} searchHook={useMachineSearch}>
      {children}
    </Router>
  );
}

/** Navigate through the machine (for plain anchors the layouts render). */
export function useNavigate() {
  const { navigation } = useAppSystem();
  return useCallback((to: string) => navigation.send({ type: 'nav.go', to }), [navigation]);
}

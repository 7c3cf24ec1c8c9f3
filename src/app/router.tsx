import { useMemo, type ReactNode } from 'react';
import { LinkNavigation } from '../components/ui/link.tsx';
import { useAppSystem } from './app-context.tsx';

/**
 * The router is the navigation machine: it owns the address, its guards and redirects
 * (domain/routes.ts), and views read where we are through its selectors. This gives every
 * AppLink the one way to move the app (a `nav.go`) and to fetch a page's code ahead (a `nav.warm`).
 */
export function MachineRouter({ children }: { children: ReactNode }) {
  const { navigation } = useAppSystem();
  const links = useMemo(
    () => ({ navigate: (to: string) => navigation.send({ type: 'nav.go', to }), warm: (to: string) => navigation.send({ type: 'nav.warm', to }) }),
    [navigation],
  );
  return <LinkNavigation navigation={links}>{children}</LinkNavigation>;
}

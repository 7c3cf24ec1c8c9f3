import { useMemo, type ReactNode } from 'react';
import { LinkNavigation } from '../components/ui/link.tsx';
import { useAppSystem } from './app-context.tsx';

/**
 * The one way every AppLink moves the app: a `nav.go` to the navigation machine (and a
 * `nav.warm` to fetch a page's code ahead when a link is hovered or focused). wouter's router,
 * which the screens may use, comes with the shell (screen-router.tsx).
 */
export function MachineRouter({ children }: { children: ReactNode }) {
  const { navigation } = useAppSystem();
  const links = useMemo(
    () => ({ navigate: (to: string) => navigation.send({ type: 'nav.go', to }), warm: (to: string) => navigation.send({ type: 'nav.warm', to }) }),
    [navigation],
  );
  return <LinkNavigation navigation={links}>{children}</LinkNavigation>;
}

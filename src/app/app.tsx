import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { selectSignedIn, selectUnreachable } from '../../machines/auth.machine.ts';
import { FORBIDDEN_MESSAGE, selectMatch, selectPageKind, selectPageTitle } from '../../machines/navigation.machine.ts';
import { AlertMessage } from '../components/ui/alert.tsx';
import { BlankLayout } from '../layouts/blank-layout.tsx';
import { LoginScreen } from '../screens/login/login-screen.tsx';
import { NotFoundScreen } from '../screens/not-found/not-found-screen.tsx';
import { screenFor } from '../screens/registry.ts';
import { useAppSystem } from './app-context.tsx';
import { MachineRouter } from './router.tsx';
import { ScreenBoundary } from './screen-boundary.tsx';
import { LoadFailed, PageLoading, ServerUnreachable, Splash } from './status-views.tsx';
import { ToastHost } from './toast-host.tsx';

// The shell (drawer, top bar, menus) is its own chunk: the login page does not need it.
const LazyShell = lazy(() => import('./shell.tsx').then((m) => ({ default: m.Shell })));

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Suspense fallback={<Splash />}>
      <LazyShell title={title}>{children}</LazyShell>
    </Suspense>
  );
}

/** Picks the layout and screen for the navigation machine's state. No decisions here. */
function Page() {
  const { navigation, auth } = useAppSystem();
  const kind = useSelector(navigation, selectPageKind);
  const match = useSelector(navigation, selectMatch);
  const title = useSelector(navigation, selectPageTitle);
  const unreachable = useSelector(auth, selectUnreachable);
  const signedIn = useSelector(auth, selectSignedIn);

  if (unreachable) {
    return (
      <BlankLayout>
        <ServerUnreachable onRetry={() => auth.send({ type: 'retry' })} onSignOut={() => auth.send({ type: 'logout' })} />
      </BlankLayout>
    );
  }
  if (kind === 'notFound') {
    return signedIn ? (
      <Shell title="Page not found">
        <NotFoundScreen />
      </Shell>
    ) : (
      <BlankLayout>
        <NotFoundScreen headingLevel={1} />
      </BlankLayout>
    );
  }
  if (kind === 'forbidden') {
    return (
      <Shell title="Not allowed">
        <AlertMessage tone="warning">{FORBIDDEN_MESSAGE}</AlertMessage>
      </Shell>
    );
  }
  if (kind !== 'showing' || !match) return <Splash />;
  if (match.route.layout === 'blank') {
    return (
      <BlankLayout>
        <LoginScreen />
      </BlankLayout>
    );
  }
  const Screen = screenFor(match.route.screen);
  return (
    <Shell title={title}>
      <ScreenBoundary key={`${match.route.name}:${JSON.stringify(match.params)}`} fallback={(error, retry) => <LoadFailed message={error.message} onRetry={retry} />}>
        <Suspense fallback={<PageLoading />}>
          <Screen title={title} params={match.params} screen={match.route.screen} />
        </Suspense>
      </ScreenBoundary>
    </Shell>
  );
}

export function App() {
  return (
    <MachineRouter>
      <Page />
      <ToastHost />
    </MachineRouter>
  );
}

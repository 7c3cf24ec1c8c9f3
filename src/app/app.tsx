import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { FORBIDDEN_MESSAGE, selectMatch } from '../../machines/navigation.machine.ts';
import { BlankLayout } from '../layouts/blank-layout.tsx';
import { LoginScreen } from '../screens/login/login-screen.tsx';
import { NotFoundScreen } from '../screens/not-found/not-found-screen.tsx';
import { screenFor } from '../screens/registry.ts';
import { useAppSystem } from './app-context.tsx';
import { MachineRouter, useNavigate } from './router.tsx';
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
  const state = useSelector(navigation, (s) => (s.matches('showing') ? 'showing' : s.value));
  const match = useSelector(navigation, selectMatch);
  const unreachable = useSelector(auth, (s) => s.matches('unreachable'));
  const signedIn = useSelector(auth, (s) => s.matches('loggedIn') || s.matches('loggingOut'));
  const navigate = useNavigate();

  if (unreachable) {
    return (
      <BlankLayout>
        <ServerUnreachable onRetry={() => auth.send({ type: 'retry' })} onSignOut={() => auth.send({ type: 'logout' })} />
      </BlankLayout>
    );
  }
  if (state === 'notFound') {
    return signedIn ? (
      <Shell title="Page not found">
        <NotFoundScreen onNavigate={navigate} />
      </Shell>
    ) : (
      <BlankLayout>
        <NotFoundScreen onNavigate={navigate} headingLevel={1} />
      </BlankLayout>
    );
  }
  if (state === 'forbidden') {
    return <Shell title="Not allowed"><p role="alert">{FORBIDDEN_MESSAGE}</p></Shell>;
  }
  if (state !== 'showing' || !match) return <Splash />;
  if (match.route.layout === 'blank') {
    return (
      <BlankLayout>
        <LoginScreen />
      </BlankLayout>
    );
  }
  const Screen = screenFor(match.route.screen);
  return (
    <Shell title={match.route.title}>
      <ScreenBoundary key={`${match.route.name}:${JSON.stringify(match.params)}`} fallback={(error, retry) => <LoadFailed message={error.message} onRetry={retry} />}>
        <Suspense fallback={<PageLoading />}>
          <Screen title={match.route.title} params={match.params} screen={match.route.screen} />
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

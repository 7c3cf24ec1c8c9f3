import { useSelector } from './use-selector.ts';
import { StrictMode, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { selectSignedIn, selectUnreachable } from '../../machines/auth.machine.ts';
import { FORBIDDEN_MESSAGE, selectMatch, selectPageKind, selectPageTitle, selectPathname } from '../../machines/navigation.machine.ts';
import { selectScreenData, selectScreenError, selectScreenPhase, type ScreenPhase } from '../../machines/screen.machine.ts';
import { AlertMessage } from '../components/ui/alert.tsx';
import { BlankLayout } from '../layouts/blank-layout.tsx';
import { LoginScreen } from '../screens/login/login-screen.tsx';
import { NotFoundScreen } from '../screens/not-found/not-found-screen.tsx';
import { AppSystemProvider, useAppSystem } from './app-context.tsx';
import { MachineRouter } from './router.tsx';
import { ScreenBoundary } from './screen-boundary.tsx';
import { LoadFailed, PageLoading, ServerUnreachable, Splash } from './status-views.tsx';
import type { AppSystem } from './system.ts';

/**
 * A page in the content layout, once the screen machine says its code is here: the shell
 * (drawer, top bar, menus) around it. While the code is on its way: the shell with a spinner
 * if the shell is here already (moving between pages), else the splash (a first load).
 */
function Shelled({ title, phase, children }: { title: string; phase: ScreenPhase; children: ReactNode }) {
  const { screen, screens } = useAppSystem();
  const error = useSelector(screen, selectScreenError);
  const Shell = screens ? screens.shell() : undefined;
  const content = phase === 'failed' ? <LoadFailed message={error} onRetry={() => window.location.reload()} /> : phase === 'loading' ? <PageLoading /> : children;
  if (!Shell) return phase === 'failed' ? content : <Splash />;
  return <Shell title={title}>{content}</Shell>;
}

/** Picks the layout and screen for the navigation machine's state. No decisions here. */
function Page() {
  const { navigation, auth, screen, screens } = useAppSystem();
  const kind = useSelector(navigation, selectPageKind);
  const match = useSelector(navigation, selectMatch);
  const pathname = useSelector(navigation, selectPathname);
  const phase = useSelector(screen, selectScreenPhase(pathname));
  const data = useSelector(screen, selectScreenData(pathname));
  const title = useSelector(navigation, selectPageTitle);
  const unreachable = useSelector(auth, selectUnreachable);
  const signedIn = useSelector(auth, selectSignedIn);
  const screenError = useSelector(screen, selectScreenError);

  if (unreachable) {
    return (
      <BlankLayout>
        <ServerUnreachable onRetry={() => auth.send({ type: 'retry' })} onSignOut={() => auth.send({ type: 'logout' })} />
      </BlankLayout>
    );
  }
  if (kind === 'notFound') {
    return signedIn ? (
      <Shelled title="Page not found" phase={phase}>
        <NotFoundScreen />
      </Shelled>
    ) : (
      <BlankLayout>
        <NotFoundScreen headingLevel={1} />
      </BlankLayout>
    );
  }
  if (kind === 'forbidden') {
    return (
      <Shelled title="Not allowed" phase={phase}>
        <AlertMessage tone="warning">{FORBIDDEN_MESSAGE}</AlertMessage>
      </Shelled>
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
  // Drawn only in the `ready` phase (Shelled), when its code is here.
  const Screen = screens?.screen(match.route.screen);
  const screenProps = { title, params: match.params, screen: match.route.screen, data };
  if (match.route.layout === 'bare') {
    // A signed-in page on its own (the customer display): no drawer, no top bar.
    if (phase === 'failed') return <LoadFailed message={screenError} onRetry={() => window.location.reload()} />;
    if (!Screen || phase !== 'ready') return <Splash />;
    return (
      <ScreenBoundary key={match.route.name} fallback={(error, retry) => <LoadFailed message={error.message} onRetry={retry} />}>
        <Screen {...screenProps} />
      </ScreenBoundary>
    );
  }
  return (
    <Shelled title={title} phase={phase}>
      <ScreenBoundary key={`${match.route.name}:${JSON.stringify(match.params)}`} fallback={(error, retry) => <LoadFailed message={error.message} onRetry={retry} />}>
        {Screen ? <Screen {...screenProps} /> : <PageLoading />}
      </ScreenBoundary>
    </Shelled>
  );
}

/** The toasts, once the first notice has brought their code (toast-loader.ts); the server draws none. */
function Toasts() {
  const { toasts } = useAppSystem();
  const loaded = useSyncExternalStore(toasts.subscribe, toasts.current, noToasts);
  return loaded ? <loaded.View toaster={loaded.toaster} /> : null;
}
const noToasts = () => undefined;

export function App() {
  return (
    <MachineRouter>
      <Page />
      <Toasts />
    </MachineRouter>
  );
}

const root = (system: AppSystem) => (
  <StrictMode>
    <AppSystemProvider system={system}>
      <App />
    </AppSystemProvider>
  </StrictMode>
);

/** Draws the app for a started system (main.tsx loads this chunk while the system already works). */
export function mount(system: AppSystem) {
  createRoot(document.getElementById('root')!).render(root(system));
}

/**
 * Takes over the page the server drew (src/entry-server.tsx), once the system has reached the
 * state the server drew it in. Should anything differ after all, React draws the page anew
 * and says so in the console.
 */
export function hydrate(system: AppSystem) {
  hydrateRoot(document.getElementById('root')!, root(system), {
    onRecoverableError: (error) => console.error('The page the server drew did not match; drawn again in the browser.', error),
  });
}

import './theme/global.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppSystemProvider } from './app/app-context.tsx';
import { createAppSystem } from './app/system.ts';

async function inspector() {
  // `VITE_INSPECT=1 npm run dev` opens the Stately inspector on every app actor.
  if (!import.meta.env.DEV || !import.meta.env.VITE_INSPECT) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

void inspector().then((inspect) => {
  const system = createAppSystem({ inspect });
  system.start();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppSystemProvider system={system}>
        <App />
      </AppSystemProvider>
    </StrictMode>,
  );
});

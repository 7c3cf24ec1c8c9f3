import './zod-config.ts';
import './theme/global.ts';
import { createAppSystem } from './app/system.ts';
import { createScreenLoader } from './screens/registry.ts';

async function inspector() {
  // `VITE_INSPECT=1 npm run dev` opens the Stately inspector on every app actor.
  if (!import.meta.env.DEV || !import.meta.env.VITE_INSPECT) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

/**
 * The first chunk is the app's machines, not React: it starts them at once, so GET /me, the
 * page's chunks and (with a stored session) a list's first page are on their way while the
 * chunk with React and the views (app.tsx, preloaded by index.html) is still being read.
 */
void inspector().then(async (inspect) => {
  const system = createAppSystem({ inspect, screens: createScreenLoader() });
  system.start();
  const { mount } = await import('./app/app.tsx');
  mount(system);
});

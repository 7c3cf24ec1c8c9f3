import './zod-config.ts';
import { sameHints } from './app/host.ts';
import type { PageData } from './entry-server.tsx';
import { deferredLoader } from './app/screen-loader.ts';
import { createAppSystem } from './app/system.ts';

async function inspector() {
  // `VITE_INSPECT=1 npm run dev` opens the Stately inspector on every app actor.
  if (!import.meta.env.DEV || !import.meta.env.VITE_INSPECT) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

/**
 * Started by start.ts. The machines come first, not React: they start at once, so GET /me, the
 * page's chunks and its loader's requests are on their way while the chunk with React and the
 * views (app.tsx, preloaded by index.html) is still being read. A page the server drew is on
 * screen already: the machines start in the state it was drawn in (the session, the page's data),
 * and React takes the drawing over as soon as the page's code is here.
 */
export async function boot(page: PageData | undefined): Promise<void> {
  const inspect = await inspector();
  const screens = deferredLoader(() => import('./pages/screen-loader.ts').then((m) => m.createScreenLoader()));
  // Drawn for another width, theme or language than this browser's now (the window changed since
  // the last page told the server): the data still serves, but the page is drawn here.
  const system = createAppSystem({ inspect, screens, drawn: page?.state });
  const sameLook = !!page && sameHints(page.hints, system.hints());
  system.start();
  const shown = page?.state.screen?.request;
  const [{ mount, hydrate }] = await Promise.all([import('./app/app.tsx'), shown ? screens.code(shown).catch(() => {}) : undefined]);
  if (sameLook) hydrate(system);
  else mount(system);
}

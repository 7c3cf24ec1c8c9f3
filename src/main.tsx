import './zod-config.ts';
import { sameHints } from './app/host.ts';
import type { PageData } from './entry-server.tsx';
import { settled } from './app/settle.ts';
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
 * page's chunks and (with a stored session) a list's first page are on their way while the
 * chunk with React and the views (app.tsx, preloaded by index.html) is still being read.
 * A page the server drew is on screen already: the machines get the server's answers instead of
 * asking, and React takes the drawing over once they are where the server drew them.
 */
export async function boot(page: PageData | undefined): Promise<void> {
  const inspect = await inspector();
  const system = createAppSystem({
    inspect,
    screens: deferredLoader(() => import('./screens/registry.ts').then((m) => m.createScreenLoader())),
    replay: page?.answers,
  });
  // Drawn for another width, theme or language than this browser's now (the window changed since
  // the last page told the server): the answers still serve, but the page is drawn here.
  const sameLook = !!page && sameHints(page.hints, system.hints());
  system.start();
  const [{ mount, hydrate }, same] = await Promise.all([import('./app/app.tsx'), sameLook ? settled(system, 10_000) : false]);
  if (same) hydrate(system);
  else mount(system);
}

import './zod-config.ts';
import './theme/global.ts';
import { PAGE_DATA_ID, SERVER_STYLE_ATTRIBUTE, STORAGE_KEYS } from '../domain/auth.ts';
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
 * The answers the server got while drawing this page (src/entry-server.tsx), when it drew it
 * for the person whose session this browser holds; else nothing, and the page is drawn here.
 */
function serverPage(): PageData | undefined {
  const script = document.getElementById(PAGE_DATA_ID);
  if (!script?.textContent) return undefined;
  try {
    const data = JSON.parse(script.textContent) as PageData;
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as { user?: { id?: unknown } } | null;
    return stored?.user?.id === data.user && localStorage.getItem(STORAGE_KEYS.token) ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first chunk is the app's machines, not React: it starts them at once, so GET /me, the
 * page's chunks and (with a stored session) a list's first page are on their way while the
 * chunk with React and the views (app.tsx, preloaded by index.html) is still being read.
 * A page the server drew is on screen already: the machines get the server's answers instead of
 * asking, and React takes the drawing over once they are where the server drew them.
 */
void inspector().then(async (inspect) => {
  const page = serverPage();
  if (page) {
    // The server's markup carries its style attributes renamed (the Content-Security-Policy applies none
    // written in markup); set through the DOM, as React sets them, they are applied.
    for (const el of document.querySelectorAll<HTMLElement>(`#root [${SERVER_STYLE_ATTRIBUTE}]`)) {
      el.style.cssText = el.getAttribute(SERVER_STYLE_ATTRIBUTE) ?? '';
      el.removeAttribute(SERVER_STYLE_ATTRIBUTE);
    }
    // Show the drawing before the long part (reading React's chunk, taking the page over).
    await painted();
  }
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
});

/** After the next frame is drawn (or soon, in a tab that draws none: a background one). */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

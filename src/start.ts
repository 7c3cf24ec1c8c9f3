// The page's first script: small, so that on a page the server drew (src/entry-server.tsx) the
// browser draws the HTML first and reads the app (main.tsx: the machines, then React) after.
// Module scripts wait for the stylesheet and run before the page's first frame: anything this
// module imports statically would be read before the person sees the page.
import './theme/global.ts';
import { PAGE_CHUNKS_ID, PAGE_DATA_ID, SERVER_STYLE_ATTRIBUTE, STORAGE_KEYS } from '../domain/auth.ts';
import type { PageData } from './entry-server.tsx';
import { holdUntilTakeover } from './app/before-takeover.ts';

/**
 * The state the server drew this page in (src/entry-server.tsx), when it drew it
 * for the person whose session this browser holds, or signed out for a browser that holds none;
 * else nothing, and the page is drawn here.
 */
function serverPage(): PageData | undefined {
  const script = document.getElementById(PAGE_DATA_ID);
  if (!script?.textContent) return undefined;
  try {
    const data = JSON.parse(script.textContent) as PageData;
    const token = localStorage.getItem(STORAGE_KEYS.token);
    if (data.user === null) return token ? undefined : data;
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as { user?: { id?: unknown } } | null;
    return stored?.user?.id === data.user && token ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Once the drawing is on screen: the browser's first contentful paint, which it reports when the
 * frame has been shown, not only made (reading chunks before then slows the showing); the frame
 * after this script where paint timing is not reported. At once in a tab that draws nothing (a
 * background one); the timer is a backstop only.
 */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    setTimeout(resolve, 1000);
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Fetches the page's chunks, all at once, that the server named in a drawn page's head
 * (server/page-render.ts, chunksAfterPaint) instead of preloading them there: beside the styles
 * and the font, they held the drawing's first frame back.
 */
function preloadPageChunks(): void {
  let chunks: unknown;
  try {
    chunks = JSON.parse(document.getElementById(PAGE_CHUNKS_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(chunks)) return;
  for (const href of chunks) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

void (async () => {
  const page = serverPage();
  // What is typed, clicked or submitted on the drawing is held until React holds the page.
  const root = document.getElementById('root');
  const release = page && root ? holdUntilTakeover(root) : async () => {};
  if (page) {
    // The server's markup carries its style attributes renamed (the Content-Security-Policy applies none
    // written in markup); set through the DOM, as React sets them, they are applied.
    for (const el of document.querySelectorAll<HTMLElement>(`#root [${SERVER_STYLE_ATTRIBUTE}]`)) {
      el.style.cssText = el.getAttribute(SERVER_STYLE_ATTRIBUTE) ?? '';
      el.removeAttribute(SERVER_STYLE_ATTRIBUTE);
    }
    // Show the drawing before the long part (fetching and reading the app's chunks, taking the page over).
    await painted();
  }
  // On a page the server did not draw, index.html has named them already (vite.config.ts, preloadAppChunk).
  preloadPageChunks();
  const { boot } = await import('./main.tsx');
  try {
    await boot(page);
  } finally {
    await release();
    // Said on the page for the tests (tests/e2e/before-takeover.spec.ts): the app holds it now.
    document.documentElement.dataset.app = 'held';
  }
})();

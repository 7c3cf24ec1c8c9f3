// The page's first script: small, so that on a page the server drew (src/entry-server.tsx) the
// browser draws the HTML first and reads the app (main.tsx: the machines, then React) after.
// Module scripts wait for the stylesheet and run before the page's first frame: anything this
// module imports statically would be read before the person sees the page.
import './theme/global.ts';
import { PAGE_DATA_ID, SERVER_STYLE_ATTRIBUTE, STORAGE_KEYS } from '../domain/auth.ts';
import type { PageData } from './entry-server.tsx';

/**
 * The answers the server got while drawing this page (src/entry-server.tsx), when it drew it
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

/** After the next frame is drawn (or soon, in a tab that draws none: a background one). */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

void (async () => {
  const page = serverPage();
  if (page) {
    // The server's markup carries its style attributes renamed (the Content-Security-Policy applies none
    // written in markup); set through the DOM, as React sets them, they are applied.
    for (const el of document.querySelectorAll<HTMLElement>(`#root [${SERVER_STYLE_ATTRIBUTE}]`)) {
      el.style.cssText = el.getAttribute(SERVER_STYLE_ATTRIBUTE) ?? '';
      el.removeAttribute(SERVER_STYLE_ATTRIBUTE);
    }
    // Show the drawing before the long part (reading the app's chunks, taking the page over).
    await painted();
  }
  // Its chunks are on their way already: index.html names them (vite.config.ts, preloadAppChunk).
  const { boot } = await import('./main.tsx');
  await boot(page);
})();

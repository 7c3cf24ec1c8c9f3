import { pageKey, type Layout } from '../../domain/routes.ts';
import { PAGES } from './index.ts';
import type { PageModule } from './page.ts';

/*
 * What a page is made of, without the screens' lazy imports (./screen-loader.ts, which needs
 * Vite's import.meta.glob): the server's drawing and the build (the till's service worker's
 * list, scripts/vite-till-sw.ts) read it in Node.
 */

/** The page module a screen key names (`list:customers` → the list's); none for the pages of the first chunk. */
export const pageOf = (screen: string, pages: Readonly<Record<string, PageModule>> = PAGES): PageModule | undefined =>
  Object.hasOwn(pages, pageKey(screen)) ? pages[pageKey(screen)] : undefined;

/** The source files a page needs besides the first chunk's (the server preloads their chunks: server/page-files.ts). */
export function pageFiles(page: { screen: string; layout: Layout }): string[] {
  if (page.layout === 'blank') return [];
  const view = pageOf(page.screen)?.view;
  return ['src/pages/screen-loader.ts', 'src/app/http-client.ts', ...(view ? [`src/screens/${view}`] : []), ...(page.layout === 'content' ? ['src/app/shell.tsx'] : [])];
}

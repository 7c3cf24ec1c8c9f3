import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { ROUTES } from '../domain/routes.ts';
import { pageFiles } from '../src/pages/page-files.ts';
import { TILL_SCOPE, TILL_SW_URL } from '../src/pos/sw-routes.ts';

/**
 * Builds the till's service worker (src/pos/sw.ts) beside the app: after the app's build, a
 * second small build bundles the worker as a classic script into /pos-sw.js (TILL_SW_URL), with
 * the list of the till's files in `self.__WB_MANIFEST` for Workbox's precache.
 *
 * Workbox's runtime modules are used directly; its build tool (workbox-build, which
 * vite-plugin-pwa runs) is not: it would bring Babel, Rollup, terser and ajv to do what this
 * build already does, and what it adds (a glob of the output) is the wrong list here, where the
 * till wants its own files and not the whole back office's.
 */

/** The parts of Vite's output bundle the list is made from. */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}
export interface BundleAsset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
export type Bundle = Record<string, BundleChunk | BundleAsset>;

const root = fileURLToPath(new URL('..', import.meta.url));

/** The till's own modules: its page, machines and browser storage, and the HTTP client it replays the outbox through. */
export const isTillModule = (id: string) => /\/(src\/pos|src\/screens\/pos|machines\/checkout|domain\/pos)\//.test(id) || id.endsWith('/src/app/http-client.ts');
/**
 * What the till's page loads: the app's machines and views (vite.config.ts's first chunks), and
 * what the server names in the page's HTML for its route (the page table, the HTTP client, the
 * route's view, the shell: src/pages/page-files.ts), whatever view the route has today.
 */
const tillRoute = ROUTES.find((r) => `/admin${r.path}` === TILL_SCOPE);
if (!tillRoute) throw new Error(`vite-till-sw: no route at ${TILL_SCOPE}`);
const SHELL_MODULES = ['src/main.tsx', 'src/app/app.tsx', ...pageFiles(tillRoute)].map((f) => root + f);

/**
 * The files a reload of the till needs, sorted: the entry's and the till page's chunks, every
 * chunk holding a till module and what those import lazily, all with their static imports,
 * their stylesheets and assets, and the fonts those stylesheets name.
 */
export function tillPrecache(bundle: Bundle, isTill: (id: string) => boolean = isTillModule, shell: readonly string[] = SHELL_MODULES): string[] {
  const chunks = Object.values(bundle).filter((c): c is BundleChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const tillChunks = chunks.filter((c) => c.moduleIds.some(isTill));
  const roots = [
    ...chunks.filter((c) => c.isEntry || c.moduleIds.some((id) => shell.includes(id))),
    ...tillChunks,
    ...tillChunks.flatMap((c) => c.dynamicImports.map((name) => byName.get(name)).filter((x) => !!x)),
  ];
  const files = new Set<string>();
  const todo = roots.map((c) => c.fileName);
  while (todo.length) {
    const name = todo.pop()!;
    if (files.has(name)) continue;
    const chunk = byName.get(name);
    if (!chunk) continue;
    files.add(name);
    todo.push(...chunk.imports);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
  }
  // The fonts and images the stylesheets name (url(/assets/…)).
  for (const name of [...files]) {
    const css = bundle[name];
    if (css?.type !== 'asset' || !name.endsWith('.css')) continue;
    const text = typeof css.source === 'string' ? css.source : new TextDecoder().decode(css.source);
    for (const m of text.matchAll(/url\(\s*["']?\/?([^"')]+)["']?\s*\)/g)) if (bundle[m[1]!]) files.add(m[1]!);
  }
  return [...files].sort();
}

export function tillServiceWorker(): Plugin {
  let files: string[] = [];
  let outDir = 'dist';
  return {
    name: 'till-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      files = tillPrecache(bundle as unknown as Bundle);
    },
    async closeBundle() {
      const manifest = files.map((f) => ({ url: `/${f}`, revision: null }));
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { 'self.__WB_MANIFEST': JSON.stringify(manifest), 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          reportCompressedSize: false,
          lib: { entry: root + 'src/pos/sw.ts', formats: ['iife'], name: 'tillServiceWorker', fileName: () => TILL_SW_URL.slice(1) },
        },
      });
    },
  };
}

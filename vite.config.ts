import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { dropMachineDescriptions } from './scripts/vite-machine-descriptions.ts';
import { pandaStaticCss } from './scripts/vite-panda-static.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { resourceFacts } from './scripts/vite-resource-facts.ts';
import { leanPreloadHelper } from './scripts/vite-preload-helper.ts';
import { tillServiceWorker } from './scripts/vite-till-sw.ts';

// Vitest's file order for the API run (tests/api/sequencer.ts); a build never loads vitest's runner.
const DemoShopLast = process.env.VITEST ? (await import('./tests/api/sequencer.ts')).default : undefined;

const apiPort = Number(process.env.API_PORT ?? 3100);
const apiTarget = `http://127.0.0.1:${apiPort}`;

/**
 * The entry (src/start.ts) is small: on a page the server drew, the browser draws the page before
 * it reads the rest. It imports src/main.tsx, the app's machines; main.tsx imports the chunk of
 * src/app/app.tsx (React and the views) only after starting the machines. index.html asks for
 * both (and what they import) at once with <link rel="modulepreload">, so they download beside
 * the entry instead of after it. (Links, not an inline script: CSP-safe.)
 */
function preloadAppChunk(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  /** The bundle's chunks, the chunk holding a source file, and what chunks reach by their static imports. */
  const chunksOf = (bundle: OutputBundle) => {
    const all = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
    const byName = new Map(all.map((c) => [c.fileName, c]));
    const chunkOf = (file: string) => {
      const chunk = all.find((c) => c.moduleIds.includes(root + file));
      if (!chunk) throw new Error(`preload-app-chunk: no chunk holds ${file}`);
      return chunk.fileName;
    };
    const reach = (start: string[], out = new Set<string>()) => {
      for (const name of start) {
        if (out.has(name)) continue;
        out.add(name);
        reach(byName.get(name)?.imports ?? [], out);
      }
      return out;
    };
    const entries = all.filter((c) => c.isEntry).map((c) => c.fileName);
    // The chunks index.html names beyond the entry's own: main.tsx's and app.tsx's.
    const first = [chunkOf('src/main.tsx'), chunkOf('src/app/app.tsx')];
    return { reach, entries, first };
  };
  return {
    name: 'preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const { reach, entries, first } = chunksOf(ctx.bundle);
        // The entry and its static imports have their links already (Vite's own).
        const entry = reach(entries);
        return [...reach(first)]
          .filter((name) => !entry.has(name))
          .map((name) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * The body text's font file (Inter, Latin) is asked for by the HTML's head, beside the styles,
 * instead of when the first layout finds text that needs it. It is then there before the page is
 * first drawn, so the text is laid out once, in Inter, and not again when the font swaps in.
 */
function preloadBodyFont(): Plugin {
  return {
    name: 'preload-body-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return;
        const font = Object.keys(ctx.bundle).find((name) => /(^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/.test(name));
        if (!font) throw new Error('preload-body-font: no Inter Latin font file in the build');
        // Right after the styles, before the script files: over HTTP/1.1's six connections a
        // page's dozen script files would otherwise take the connections first, and the first
        // layout would go without it. Not before the styles, which the first frame waits for.
        const link = `<link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>`;
        const styles = /<link rel="stylesheet"[^>]*>/.exec(html);
        if (!styles) throw new Error('preload-body-font: no stylesheet link in index.html');
        return html.replace(styles[0], `${styles[0]}\n    ${link}`);
      },
    },
  };
}

/**
 * Two chunks by hand, for the sign-in page's sake; everything else is split as the bundler likes.
 * Left alone, the bundler cut what the first page needs into some twenty files by who else
 * imports each part, and the imports between them cost the sign-in page about 5 kB gzipped
 * (102.6 kB against 97.8 kB in the browser bench, issue 33), over its 100 kB budget:
 *
 *   machines  what src/main.tsx reaches beyond the entry's own modules: XState, the app's
 *             machines and their system, loaded by every page right after the entry
 *   app       what src/app/app.tsx reaches besides: React and the views of the first page
 *             (sign-in included), one file that compresses better than six
 *
 * Panda's css(), its conditions and its helpers are imported by the first page's views but not
 * called there (scripts/vite-panda-static.ts works their calls out when building): they go with
 * the pages that call css().
 */
function firstPageChunks() {
  const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  let groupOf: Map<string, string> | undefined;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (!groupOf) {
      const reach = (start: string) => {
        const seen = new Set<string>();
        const todo = [start];
        while (todo.length) {
          const next = todo.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          todo.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = reach(at('./src/start.ts'));
      const cssRuntime = new Set(['css/css.mjs', 'css/conditions.mjs', 'helpers.mjs'].map((f) => at(`./styled-system/${f}`)));
      groupOf = new Map();
      for (const m of reach(at('./src/main.tsx'))) if (!entry.has(m)) groupOf.set(m, 'machines');
      for (const m of reach(at('./src/app/app.tsx'))) if (!entry.has(m) && !groupOf.has(m) && !cssRuntime.has(m)) groupOf.set(m, 'app');
    }
    return groupOf.get(id) ?? null;
  };
}

// The SPA lives under /admin but its files are served from the site root, so lazy chunks
// come from /js/chunks/ as SPEC §7 describes.
/**
 * `vite build --ssr src/entry-server.tsx` builds the server's drawing of a page's first HTML
 * into dist/.ssr (not served: the server serves no dot-directory), without the browser's chunking.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react(), pandaStaticCss(new URL('.', import.meta.url)), dropMachineDescriptions(), resourceFacts(), ...(isSsrBuild ? [] : [preloadAppChunk(), preloadBodyFont(), leanPreloadHelper(), precompress(), tillServiceWorker()])],
  // The server's drawing runs React's production build whatever NODE_ENV the server has: bundled, with its checks compiled out.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  resolve: {
    alias: [
      { find: 'styled-system', replacement: fileURLToPath(new URL('./styled-system', import.meta.url)) },
      // The shim (for React < 18) only returns React's own hook on React 19: use that directly.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/app/sync-external-store.ts', import.meta.url)) },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/me': apiTarget,
      '/pos': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks a page's files need; the server names them in the page's head (server/static.ts).
    manifest: !isSsrBuild,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports preloads modules itself; the polyfill would be dead weight on the first page.
    modulePreload: { polyfill: false },
    ...(isSsrBuild
      ? { outDir: 'dist/.ssr', copyPublicDir: false }
      : {
          rollupOptions: {
            output: {
              codeSplitting: { groups: [{ name: firstPageChunks(), debugName: 'first page chunks', includeDependenciesRecursively: false }] },
              entryFileNames: 'js/[name]-[hash].js',
              chunkFileNames: 'js/chunks/[name]-[hash].js',
              assetFileNames: 'assets/[name]-[hash][extname]',
            },
          },
        }),
  },
  test: {
    // The API files that start from the run's demo shop go a little after the first ones.
    sequence: { sequencer: DemoShopLast },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // One migrated PGlite per run that each file's database starts from.
          globalSetup: ['tests/api/global-setup.ts'],
          // Generous: these catch a hang, not slowness. A file's database (the template loaded,
          // then the seed; on PostgreSQL a scratch database migrated) can take most of a minute
          // when a loaded 2-core machine runs several files at once.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One PGlite (or PostgreSQL schema) per file; files run in parallel on the 2 cores.
          fileParallelism: true,
        },
      },
    ],
  },
}));

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { SCREEN_FILES } from './domain/screen-files.ts';
import { dropMachineDescriptions } from './scripts/vite-machine-descriptions.ts';
import { pandaStaticCss } from './scripts/vite-panda-static.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { leanPreloadHelper } from './scripts/vite-preload-helper.ts';

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
    return { chunkOf, reach, entries, first };
  };
  return {
    name: 'preload-app-chunk',
    apply: 'build',
    /**
     * dist/.vite/page-chunks.json: for each module of domain/screen-files.ts, the chunks it needs
     * beyond those index.html already names, so the server can name a page's chunks in its HTML.
     */
    generateBundle(_options, bundle) {
      const { chunkOf, reach, entries, first } = chunksOf(bundle);
      const inPage = reach([...entries, ...first]);
      const files = [...SCREEN_FILES.session, SCREEN_FILES.shell, ...Object.values(SCREEN_FILES.views), ...Object.values(SCREEN_FILES.data)];
      const map: Record<string, string[]> = {};
      for (const file of files) map[file] = [...reach([chunkOf(file)])].filter((name) => !inPage.has(name)).map((name) => `/${name}`);
      this.emitFile({ type: 'asset', fileName: '.vite/page-chunks.json', source: JSON.stringify(map, null, 1) });
    },
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
 * Chunks by what a page needs, not by which modules happen to be shared. Left alone, the bundler
 * cuts a list page into nine files (shell, dialog, portal, styles helpers, page header, badge,
 * providers…) because list, form and shell use some of the same parts; over HTTP/1.1's six
 * connections, the list's data module then queued behind view code, and its first request with it.
 * Each group takes what its start module reaches that no earlier group (or the entry) has:
 *
 *   app        src/app/app.tsx: React and the views of the first page (sign-in included); every
 *              page loads it first, and one file compresses better than six
 *   list-data  src/resources/list-page.ts: the list machine and its HTTP, so a list's first
 *              request goes out as soon as this small file is here, before the views
 *   shell      src/app/shell.tsx: drawer, top bar, menus and the Ark parts they share with
 *              screens, and the parts two screens share
 *   list       src/screens/resource/list-route.tsx: the list's views
 *   machines   src/main.tsx: XState, the app's machines and their system (see below)
 *
 * Anything else (the form, the dashboard) is split as the bundler likes.
 */
function pageChunks() {
  const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const main = at('./src/main.tsx');
  const views = Object.values(SCREEN_FILES.views).map(at);
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
      // Parts two screens use (a badge on the dashboard and in a list) go with the shell, which
      // every signed-in page loads, so no screen brings another screen's chunk with it. Screens
      // built on the list engine (the products list, the stock screen) count as the list: what
      // they share with it is the list's chunk, which they load anyway.
      const listView = at('./' + SCREEN_FILES.views.list);
      const families = new Map<string, Set<string>>();
      for (const view of new Set(views)) {
        const reached = reach(view);
        const family = reached.has(listView) ? listView : view;
        families.set(family, new Set([...(families.get(family) ?? []), ...reached]));
      }
      const uses = new Map<string, number>();
      for (const reached of families.values()) for (const m of reached) uses.set(m, (uses.get(m) ?? 0) + 1);
      // Not the form's parts (fields, pickers, schemas) that the stock screen's adjustment form
      // shares with it: the shell is on every page's path, they are on two pages' only.
      for (const m of reach(at('./' + SCREEN_FILES.views.form))) uses.delete(m);
      const shared = [...uses].filter(([, n]) => n > 1).map(([m]) => m);
      // Panda's css(), its conditions and its helpers are imported by the first page's views but
      // not called there (its calls are worked out when building, and the recipes take their few
      // helpers from a module of their own: scripts/vite-panda-static.ts): they go with the pages
      // that call css().
      const cssRuntime = new Set(['css/css.mjs', 'css/conditions.mjs', 'helpers.mjs'].map((f) => at(`./styled-system/${f}`)));
      const groups: [string, Iterable<string>][] = [
        ['app', [...reach(at('./src/app/app.tsx'))].filter((m) => !cssRuntime.has(m))],
        ['list-data', reach(at('./' + SCREEN_FILES.data.list))],
        ['shell', [...reach(at('./' + SCREEN_FILES.shell)), ...shared]],
        ['list', reach(at('./' + SCREEN_FILES.views.list))],
      ];
      // What the list's data module and the shell both use (the stock vocabulary) is in neither:
      // the data module must not wait for the shell's chunk, nor a dashboard load the list's.
      // The bundler gives such modules a small chunk of their own.
      const shellReach = reach(at('./' + SCREEN_FILES.shell));
      const taken = new Set([...reach(main), ...[...reach(at('./' + SCREEN_FILES.data.list))].filter((m) => shellReach.has(m))]);
      groupOf = new Map();
      // What main.tsx reaches (XState, the machines, their system) is loaded by every page right
      // after the entry. Left alone, the bundler cut it into three files by who else imports
      // each part (the toasts use XState, the views the navigation machine), and the imports
      // between them cost about 1 kB gzipped on the sign-in page: one file, as one group. The
      // entry's own modules stay in the entry (read before the first frame, they must be few).
      const entry = reach(at('./src/start.ts'));
      for (const m of reach(main)) if (!entry.has(m)) groupOf.set(m, 'machines');
      for (const [name, members] of groups) {
        for (const m of members) {
          if (taken.has(m)) continue;
          taken.add(m);
          groupOf.set(m, name);
        }
      }
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
  plugins: [react(), pandaStaticCss(new URL('.', import.meta.url)), dropMachineDescriptions(), ...(isSsrBuild ? [] : [preloadAppChunk(), preloadBodyFont(), leanPreloadHelper(), precompress()])],
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
    chunkSizeWarningLimit: 600,
    // Every browser the app supports preloads modules itself; the polyfill would be dead weight on the first page.
    modulePreload: { polyfill: false },
    ...(isSsrBuild
      ? { outDir: 'dist/.ssr', copyPublicDir: false }
      : {
          rollupOptions: {
            output: {
              codeSplitting: { groups: [{ name: pageChunks(), debugName: 'page chunks', includeDependenciesRecursively: false }] },
              entryFileNames: 'js/[name]-[hash].js',
              chunkFileNames: 'js/chunks/[name]-[hash].js',
              assetFileNames: 'assets/[name]-[hash][extname]',
            },
          },
        }),
  },
  test: {
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

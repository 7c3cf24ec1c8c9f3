import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const apiPort = Number(process.env.API_PORT ?? 3100);
const apiTarget = `http://127.0.0.1:${apiPort}`;

/**
 * The entry chunk (src/main.tsx) is the app's machines; React and the views come in the chunk
 * of src/app/app.tsx, which the entry imports only after starting the machines. index.html
 * asks for that chunk (and what it imports) at once with <link rel="modulepreload">, so it
 * downloads beside the entry instead of after it. (Links, not an inline script: CSP-safe.)
 */
function preloadAppChunk(): Plugin {
  const chunks = (bundle: OutputBundle) => Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  return {
    name: 'preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const all = chunks(ctx.bundle);
        const byName = new Map(all.map((c) => [c.fileName, c]));
        const reach = (start: string[], out = new Set<string>()) => {
          for (const name of start) {
            if (out.has(name)) continue;
            out.add(name);
            reach(byName.get(name)?.imports ?? [], out);
          }
          return out;
        };
        const app = all.find((c) => c.moduleIds.some((id) => id.endsWith('/src/app/app.tsx')));
        if (!app) throw new Error('preload-app-chunk: no chunk for src/app/app.tsx');
        // The entry and its static imports have their links already (Vite's own).
        const entry = reach(all.filter((c) => c.isEntry).map((c) => c.fileName));
        return [...reach([app.fileName])]
          .filter((name) => !entry.has(name))
          .map((name) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * Everything the views of the first page need (src/app/app.tsx and what it imports, statically)
 * goes into that one chunk, instead of the handful of small shared chunks the bundler would
 * make because list, form and shell chunks use some of the same parts: every page loads this
 * chunk first anyway, and one file compresses better than six (about 2 kB on the sign-in page).
 * What the entry already has stays in the entry.
 */
function firstViewsChunk() {
  const app = fileURLToPath(new URL('./src/app/app.tsx', import.meta.url));
  const main = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
  let first: Set<string> | undefined;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (!first) {
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
      const entry = reach(main);
      first = new Set([...reach(app)].filter((m) => !entry.has(m)));
    }
    return first.has(id) ? 'app' : null;
  };
}

// The SPA lives under /admin but its files are served from the site root, so lazy chunks
// come from /js/chunks/ as SPEC §7 describes.
export default defineConfig({
  base: '/',
  plugins: [react(), preloadAppChunk()],
  resolve: {
    alias: { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) },
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
    rollupOptions: {
      output: {
        codeSplitting: { groups: [{ name: firstViewsChunk(), debugName: 'first views', includeDependenciesRecursively: false }] },
        entryFileNames: 'js/[name]-[hash].js',
        chunkFileNames: 'js/chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One PGlite (or PostgreSQL schema) per file; files run in parallel on the 2 cores.
          fileParallelism: true,
        },
      },
    ],
  },
});

import type { Plugin } from 'vite';

/** The id Vite's build gives the module its dynamic imports are wrapped with. */
const HELPER = 'vite/preload-helper.js';
const LEAN = '\0lean-preload-helper';

/**
 * Vite wraps each `import()` of the app in `__vitePreload(load, deps)`, which adds a
 * <link rel="modulepreload"> for each chunk the imported one needs, so they download at once
 * instead of one level after another. Its helper (1.9 kB, 0.6 kB gzipped, in the first file of
 * every page) also loads a lazy chunk's CSS, looks through the page's links for ones already
 * there, reads a CSP nonce and sends `vite:preloadError`. The app has none of that to do: one
 * stylesheet, in the HTML (the build fails here if a chunk other than the entry ever brings CSS), no
 * nonce (script-src 'self'), nothing listening for the event (a failed import rejects either
 * way), and the browser fetches a module once however many links name it. This helper keeps the
 * part that matters: the links. (A chunk that imports the entry lists the entry's stylesheet
 * among what it needs: the page has it already, so it is passed over.)
 */
export function leanPreloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'lean-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    resolveId(id) {
      return id === HELPER || id === `\0${HELPER}` ? LEAN : null;
    },
    load(id) {
      if (id !== LEAN) return null;
      return `const seen = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps ?? []) {
    if (seen.has(dep) || dep.endsWith('.css')) continue;
    seen.add(dep);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = ${JSON.stringify(base)} + dep;
    document.head.append(link);
  }
  return load();
};`;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.isEntry || !chunk.viteMetadata?.importedCss.size) continue;
        this.error(`${chunk.fileName} brings its own CSS (${[...chunk.viteMetadata.importedCss].join(', ')}), which the lean preload helper does not load (scripts/vite-preload-helper.ts)`);
      }
    },
  };
}

import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const FACTS_MODULE = fileURLToPath(new URL('../domain/resources/facts.ts', import.meta.url));

/**
 * domain/resources/facts.ts in the browser's build: its value as data, so the route table
 * does not bring every resource declaration to the first page (that module says why). The
 * value is computed by the module itself, run in Node, so the two can never differ.
 */
export function resourceFacts(): Plugin {
  return {
    name: 'resource-facts',
    async load(id, options) {
      if (options?.ssr || id !== FACTS_MODULE) return null;
      // In development an edited declaration makes this module load again.
      const dir = dirname(FACTS_MODULE);
      for (const f of readdirSync(dir)) if (f.endsWith('.ts')) this.addWatchFile(join(dir, f));
      const { tsImport } = await import('tsx/esm/api');
      const { FACTS } = (await tsImport(FACTS_MODULE, import.meta.url)) as typeof import('../domain/resources/facts.ts');
      return `export const FACTS = ${JSON.stringify(FACTS)};`;
    },
  };
}

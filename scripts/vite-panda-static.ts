import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import { recipes, slotRecipes } from '../src/theme/recipes/index.ts';

/**
 * Panda's css() turns a style object into class names at run time, with a table of every CSS
 * property's short name (styled-system/css/css.mjs, 3 kB gzipped with its helpers). But Panda
 * only makes CSS for the style objects it can read in the source, so every css() call the app
 * makes can be worked out when building: this plugin does that, and each `css({ … })` whose
 * arguments are written out in full becomes its class string. The browser then needs css() only
 * for a call with a variable in it, and no page's first file carries it for nothing.
 *
 * The generated recipes call css() too, for compound variants. The theme has none (button.tsx
 * styles its one compound case itself), so that call is dropped from the recipe runtime; were a
 * recipe to declare compound variants again, the runtime is left whole and the build warns.
 *
 * Builds only: `npm run dev` and the tests run Panda's own css(), which gives the same strings.
 */
export function pandaStaticCss(root: URL): Plugin {
  let css: ((...styles: unknown[]) => string) | undefined;
  return {
    name: 'panda-static-css',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      ({ css } = (await import(new URL('styled-system/css/css.mjs', root).href)) as { css: typeof css });
    },
    transform: {
      filter: { id: /\/(src\/.*\.tsx?|styled-system\/.*\.mjs)$/ },
      handler(code, id) {
        // Panda's runtime is pure functions, but css.mjs builds its table at the top of the module:
        // said so, the bundler leaves the module out where nothing calls css().
        if (id.endsWith('.mjs')) return { ...(id.endsWith('/recipes/create-recipe.mjs') ? recipeRuntime(code, (m) => this.warn(m)) : { code, map: null }), moduleSideEffects: false };
        if (!code.includes('styled-system/css')) return null;
        const out = staticCalls(code, id, css!);
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/** In the recipe runtime, what compound variants need, and what stands in for it when there are none. */
const COMPOUND_RUNTIME: [string, string][] = [
  ["import { css } from '../css/css.mjs';", "const css = () => '';"],
  [
    "import { assertCompoundVariant, getCompoundVariantCss } from '../css/cva.mjs';",
    'const assertCompoundVariant = () => {};\nconst getCompoundVariantCss = () => ({});',
  ],
];

function recipeRuntime(code: string, warn: (message: string) => void) {
  const compound = Object.entries({ ...recipes, ...slotRecipes })
    .filter(([, recipe]) => recipe.compoundVariants?.length)
    .map(([name]) => name);
  if (compound.length) {
    warn(`recipes with compound variants (${compound.join(', ')}) keep Panda's css() in every page's first file`);
    return { code, map: null };
  }
  if (!COMPOUND_RUNTIME.every(([from]) => code.includes(from))) {
    warn('styled-system/recipes/create-recipe.mjs no longer imports css() and cva.mjs as expected: its compound-variant code is kept');
    return { code, map: null };
  }
  // With no compound variants these are only ever called with none: css({}) is '', no match is {}, nothing to assert.
  return { code: COMPOUND_RUNTIME.reduce((out, [from, to]) => out.replace(from, to), code), map: null };
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => !!value && typeof value === 'object' && typeof (value as Node).type === 'string';

/** The value an expression written out in full stands for, or `undefined` if it has a variable in it. */
function literal(node: Node): { value: unknown } | undefined {
  switch (node.type) {
    case 'Literal':
      return node.value instanceof RegExp || typeof node.value === 'bigint' ? undefined : { value: node.value };
    case 'TemplateLiteral':
      return (node.expressions as Node[]).length ? undefined : { value: (node.quasis as { value: { cooked: string } }[])[0]!.value.cooked };
    case 'UnaryExpression': {
      const arg = literal(node.argument as Node);
      return node.operator === '-' && typeof arg?.value === 'number' ? { value: -arg.value } : undefined;
    }
    case 'ArrayExpression': {
      const items = (node.elements as (Node | null)[]).map((item) => (item ? literal(item) : undefined));
      return items.every(Boolean) ? { value: items.map((item) => item!.value) } : undefined;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const prop of node.properties as Node[]) {
        if (prop.type !== 'Property' || prop.computed || prop.kind !== 'init' || prop.method) return undefined;
        const key = prop.key as Node;
        const name = key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : undefined;
        const value = literal(prop.value as Node);
        if (name === undefined || !value) return undefined;
        out[name] = value.value;
      }
      return { value: out };
    }
    default:
      return undefined;
  }
}

/** `code` with each call of styled-system/css's css() whose arguments are all literal replaced by its result. */
export function staticCalls(code: string, id: string, css: (...styles: unknown[]) => string): string {
  const program = parseAst(code, { lang: id.endsWith('.tsx') ? 'tsx' : 'ts' }, id) as unknown as Node;
  const names = new Set<string>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration' || (statement.source as Node).value !== 'styled-system/css') continue;
    for (const spec of statement.specifiers as Node[]) {
      if (spec.type === 'ImportSpecifier' && (spec.imported as Node).name === 'css') names.add((spec.local as Node).name as string);
    }
  }
  if (!names.size) return code;
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: Node) => {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const args = (node.arguments as Node[]).map(literal);
      if (callee.type === 'Identifier' && names.has(callee.name as string) && args.every(Boolean)) {
        if (!code.startsWith(`${callee.name as string}(`, node.start)) throw new Error(`panda-static-css: the parser's offsets do not match ${id}`);
        edits.push({ start: node.start, end: node.end, text: JSON.stringify(css(...args.map((arg) => arg!.value))) });
        return;
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((item) => isNode(item) && visit(item));
      else if (isNode(value)) visit(value);
    }
  };
  visit(program);
  let out = code;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

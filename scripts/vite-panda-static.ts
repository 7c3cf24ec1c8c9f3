import { readFileSync } from 'node:fs';
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
 * The generated recipes call css() too, for compound variants, and work a variant's class name
 * out with Panda's general style-object engine (conditions, shorthands, hashing). The theme has
 * no compound variants (button.tsx styles its one compound case itself), and a variant's class is
 * only `recipe--variant_value` (with a breakpoint before it for a responsive value), so the recipe
 * runtime is replaced by one that builds that string. The build first checks it against Panda's
 * own for every recipe and every combination of its variants; should one differ, or a recipe
 * declare compound variants again, Panda's runtime is kept and the build warns.
 *
 * Builds only: `npm run dev` and the tests run Panda's own css(), which gives the same strings.
 */
export function pandaStaticCss(root: URL): Plugin {
  let css: ((...styles: unknown[]) => string) | undefined;
  let leanRecipes = false;
  return {
    name: 'panda-static-css',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      ({ css } = (await import(new URL('styled-system/css/css.mjs', root).href)) as { css: typeof css });
      leanRecipes = await leanRecipesAgree(root, (m) => this.warn(m));
    },
    resolveId(id) {
      return id === RECIPE_HELPERS ? id : null;
    },
    load(id) {
      if (id !== RECIPE_HELPERS) return null;
      return { code: pickDeclarations(readFileSync(new URL('styled-system/helpers.mjs', root), 'utf8'), RECIPE_HELPER_NAMES), moduleSideEffects: false };
    },
    transform: {
      filter: { id: /\/(src\/.*\.tsx?|styled-system\/.*\.mjs)$/ },
      handler(code, id) {
        // Panda's runtime is pure functions, but css.mjs builds its table at the top of the module:
        // said so, the bundler leaves the module out where nothing calls css().
        if (leanRecipes && id.endsWith('/recipes/create-recipe.mjs')) return { code: leanRecipeRuntime('..', RECIPE_HELPERS), map: null, moduleSideEffects: false };
        if (leanRecipes && /\/recipes\/[^/]+\.mjs$/.test(id)) return { code: recipeHelpersImport(code, id, (m) => this.warn(m)), map: null, moduleSideEffects: false };
        if (id.endsWith('.mjs')) return { code, map: null, moduleSideEffects: false };
        if (!code.includes('styled-system/css')) return null;
        const out = staticCalls(code, id, css!);
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/**
 * Panda's recipe runtime (styled-system/recipes/create-recipe.mjs) for a theme without compound
 * variants: the same exports, the class names built directly. `base` is where styled-system is
 * (relative to the recipes, or a file URL for the check).
 */
function leanRecipeRuntime(base: string, helpers = `${base}/helpers.mjs`): string {
  return `import { compact, splitProps, uniq } from '${helpers}';
import { cx } from '${base}/css/cx.mjs';

const BREAKPOINTS = new Set(['sm', 'md', 'lg', 'xl']);

export const createRecipe = (name, defaultVariants) => {
  const getVariantProps = (variants) => ({ [name]: '__ignore__', ...defaultVariants, ...compact(variants) });
  const className = (prop, value) => (value === '__ignore__' ? name : \`\${name}--\${prop}_\${typeof value === 'string' ? value.replaceAll(' ', '_') : value}\`);
  const recipeFn = (variants) => {
    const classes = new Set();
    for (const [prop, value] of Object.entries(getVariantProps(variants))) {
      if (value == null) continue;
      if (typeof value !== 'object') classes.add(className(prop, value));
      else
        for (const [condition, v] of Object.entries(value)) {
          if (v == null) continue;
          if (condition !== 'base' && !BREAKPOINTS.has(condition)) throw new Error(\`[recipe:\${name}:\${prop}] only breakpoints are built without Panda's runtime (scripts/vite-panda-static.ts)\`);
          classes.add(condition === 'base' ? className(prop, v) : \`\${condition}:\${className(prop, v)}\`);
        }
    }
    return [...classes].join(' ');
  };
  return { recipeFn, getVariantProps, __getCompoundVariantCss__: () => ({}) };
};

export const mergeRecipes = (recipeA, recipeB) => {
  if (recipeA && !recipeB) return recipeA;
  if (!recipeA && recipeB) return recipeB;
  const recipeFn = (...args) => cx(recipeA(...args), recipeB(...args));
  const variantKeys = uniq(recipeA.variantKeys, recipeB.variantKeys);
  const variantMap = variantKeys.reduce((acc, key) => {
    acc[key] = uniq(recipeA.variantMap[key], recipeB.variantMap[key]);
    return acc;
  }, {});
  return Object.assign(recipeFn, {
    __recipe__: true,
    __name__: \`\${recipeA.__name__} \${recipeB.__name__}\`,
    raw: (props) => props,
    variantKeys,
    variantMap,
    splitVariantProps(props) {
      return splitProps(props, variantKeys);
    },
  });
};
`;
}

/**
 * The recipes (and the lean runtime) need five small functions of Panda's helpers.mjs; the rest
 * of it (8 kB: the style-object engine behind css()) is for pages that call css() with a
 * variable. One module cannot be split between chunks, and every page's first file holds the
 * recipes of the sign-in page, so helpers.mjs went there whole, for the other pages to import.
 * The recipes now import those five from a module of their own, cut out of helpers.mjs when
 * building, and helpers.mjs goes with css().
 */
const RECIPE_HELPERS = '\0panda-recipe-helpers';
const RECIPE_HELPER_NAMES = ['compact', 'getSlotCompoundVariant', 'memo', 'splitProps', 'uniq'];

/** A recipe module importing the helpers from RECIPE_HELPERS, when it needs none but those. */
function recipeHelpersImport(code: string, id: string, warn: (message: string) => void): string {
  const imports = [...code.matchAll(/import \{([^}]*)\} from '\.\.\/helpers\.mjs'/g)];
  const names = imports.flatMap((m) => m[1]!.split(',').map((n) => n.trim()).filter(Boolean));
  const other = names.filter((n) => !RECIPE_HELPER_NAMES.includes(n));
  if (other.length) {
    warn(`${id} imports ${other.join(', ')} from Panda's helpers: it keeps helpers.mjs whole in every page's first file`);
    return code;
  }
  return code.replaceAll("from '../helpers.mjs'", `from '${RECIPE_HELPERS}'`);
}

/** The top-level declarations of `code` that define `names`, with those they use, and an export of `names`. */
export function pickDeclarations(code: string, names: string[]): string {
  const program = parseAst(code, { lang: 'js' }) as unknown as Node;
  const declared = new Map<string, Node>();
  for (const statement of program.body as Node[]) {
    if (statement.type === 'FunctionDeclaration') declared.set((statement.id as Node).name as string, statement);
    if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations as Node[]) if ((d.id as Node).type === 'Identifier') declared.set((d.id as Node).name as string, statement);
    }
  }
  const keep = new Set<Node>();
  const add = (name: string) => {
    const statement = declared.get(name);
    if (!statement) throw new Error(`panda-static-css: helpers.mjs declares no ${name}`);
    if (keep.has(statement)) return;
    keep.add(statement);
    const text = code.slice(statement.start, statement.end);
    for (const other of declared.keys()) if (other !== name && new RegExp(`\\b${other}\\b`).test(text)) add(other);
  };
  names.forEach(add);
  const body = (program.body as Node[]).filter((s) => keep.has(s)).map((s) => code.slice(s.start, s.end));
  return `${body.join('\n')}\nexport { ${names.join(', ')} };\n`;
}

type RecipeFn = (variants?: Record<string, unknown>) => string;
type CreateRecipe = (name: string, defaults: Record<string, unknown>, compound: unknown[]) => { recipeFn: RecipeFn };

/** Whether the lean runtime gives Panda's class names for every recipe of the theme and every combination of its variants. */
async function leanRecipesAgree(root: URL, warn: (message: string) => void): Promise<boolean> {
  const all = { ...recipes, ...slotRecipes } as Record<string, { className?: string; slots?: string[]; variants?: Record<string, Record<string, unknown>>; defaultVariants?: Record<string, unknown>; compoundVariants?: unknown[] }>;
  const compound = Object.entries(all).filter(([, recipe]) => recipe.compoundVariants?.length).map(([name]) => name);
  if (compound.length) {
    warn(`recipes with compound variants (${compound.join(', ')}) keep Panda's recipe runtime and css() in every page's first file`);
    return false;
  }
  const panda = (await import(new URL('styled-system/recipes/create-recipe.mjs', root).href)) as { createRecipe: CreateRecipe };
  const lean = (await import(`data:text/javascript,${encodeURIComponent(leanRecipeRuntime(new URL('styled-system', root).href))}`)) as { createRecipe: CreateRecipe };
  for (const [key, recipe] of Object.entries(all)) {
    const names = recipe.slots ? recipe.slots.map((slot) => `${recipe.className}__${slot}`) : [recipe.className!];
    // Each variant: unset, each of its values (true/false as booleans too), and a responsive value.
    const choices = Object.entries(recipe.variants ?? {}).map(([prop, values]) => {
      const keys = Object.keys(values);
      const flat: unknown[] = [undefined, ...keys, ...keys.filter((k) => k === 'true' || k === 'false').map((k) => k === 'true')];
      return { prop, values: [...flat, { base: keys[0], md: keys[keys.length - 1] }] };
    });
    let combos: Record<string, unknown>[] = [{}];
    for (const { prop, values } of choices) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [prop]: v })));
    for (const name of names) {
      const a = panda.createRecipe(name, recipe.defaultVariants ?? {}, []).recipeFn;
      const b = lean.createRecipe(name, recipe.defaultVariants ?? {}, []).recipeFn;
      for (const combo of combos) {
        if (a(combo) !== b(combo)) {
          warn(`the lean recipe runtime differs from Panda's for ${key} ${JSON.stringify(combo)}: Panda's is kept`);
          return false;
        }
      }
    }
  }
  return true;
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

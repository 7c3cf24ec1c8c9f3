import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isText = (node: Node) => (node.type === 'Literal' && typeof node.value === 'string') || (node.type === 'TemplateLiteral' && !(node.expressions as Node[]).length);

/**
 * A machine's states say what they mean in a `description` (for the reader, the Stately
 * inspector and its diagrams); nothing reads them when the app runs, and the inspector runs in
 * development only (main.tsx). In a build they are dropped from the configs given to
 * createMachine(), a tenth of a machine's bytes. Tests and `npm run dev` keep them.
 */
export function dropMachineDescriptions(): Plugin {
  return {
    name: 'drop-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /\/machines\/.*\.ts$/, code: 'description' },
      handler(code, id) {
        const program = parseAst(code, { lang: 'ts' }, id) as unknown as Node;
        const cuts: [number, number][] = [];
        // Only inside the literal config objects (states within states), not into functions or calls.
        const config = (node: Node) => {
          if (node.type === 'ArrayExpression') for (const item of node.elements as (Node | null)[]) if (item) config(item);
          if (node.type !== 'ObjectExpression') return;
          for (const prop of node.properties as Node[]) {
            if (prop.type !== 'Property' || prop.computed) continue;
            const key = prop.key as Node;
            const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : undefined;
            if (name === 'description' && isText(prop.value as Node)) {
              if (code.slice(prop.start, prop.start + 'description'.length) !== 'description') throw new Error(`drop-machine-descriptions: the parser's offsets do not match ${id}`);
              // With the comma after it, if there is one.
              const after = /^\s*,/.exec(code.slice(prop.end));
              cuts.push([prop.start, prop.end + (after ? after[0].length : 0)]);
            } else config(prop.value as Node);
          }
        };
        const visit = (node: Node) => {
          if (node.type === 'CallExpression') {
            const callee = node.callee as Node;
            const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? (callee.property as Node).name : undefined;
            const [first] = node.arguments as Node[];
            if (name === 'createMachine' && first) config(first);
          }
          for (const value of Object.values(node)) {
            if (Array.isArray(value)) for (const item of value) if (item && typeof item === 'object' && typeof item.type === 'string') visit(item);
            if (value && typeof value === 'object' && typeof (value as Node).type === 'string') visit(value as Node);
          }
        };
        visit(program);
        if (!cuts.length) return null;
        let out = code;
        for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
        return { code: out, map: null };
      },
    },
  };
}

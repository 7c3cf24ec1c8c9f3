/**
 * No import cycles in our own code: a part imports a context hook or a leaf file of types,
 * never its parent. A new cycle fails here, naming the files in it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './import-graph.ts';

/** Everything `file` loads with it (runtime imports, followed). */
const loads = (graph: Map<string, string[]>, file: string) => {
  const seen = new Set<string>();
  const todo = [file];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...(graph.get(f) ?? graph.get(`${f}.ts`) ?? []));
  }
  return seen;
};

const root = join(import.meta.dirname, '..', '..');

describe('import graph', () => {
  const graph = importGraph(root, ['src', 'machines', 'domain', 'server', 'scripts']);

  it('reads our source files and their imports', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/main.tsx')).toContain('src/app/app.tsx');
    // Dynamic imports (lazy screens) count too.
    expect(graph.get('src/main.tsx')).toContain('src/pages/screen-loader.ts');
  });

  it('has no cycles', () => {
    expect(cycles(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const toy = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cycles(toy)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it('a document list page loads no zod (its facts, lifecycle and links only; the forms and their schemas load with the document)', () => {
    const runtime = importGraph(root, ['src', 'machines', 'domain'], { runtime: true });
    const lists = [...runtime.keys()].filter((f) => /^src\/screens\/(sales|purchases|orders|quotations)\/[\w-]+-list-route\.tsx$/.test(f));
    expect(lists.length).toBe(4);
    for (const list of lists) expect([...loads(runtime, list)].filter((f) => f === 'pkg:zod'), list).toEqual([]);
    // The check can fail: a document's page loads zod (its form's schema).
    expect(loads(runtime, 'src/screens/sales/sale-route.tsx').has('pkg:zod')).toBe(true);
  });
});

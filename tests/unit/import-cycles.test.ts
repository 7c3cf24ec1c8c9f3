/**
 * No import cycles in our own code: a part imports a context hook or a leaf file of types,
 * never its parent. A new cycle fails here, naming the files in it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './import-graph.ts';

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
});

/**
 * One useSelector in the app (src/app/use-selector.ts): a second one from @xstate/react brought
 * the use-sync-external-store shim along and two contracts to keep apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

it("no view takes useSelector or shallowEqual from @xstate/react", () => {
  const offenders = files(root).filter((f) => /import\s*\{[^}]*\b(useSelector|shallowEqual)\b[^}]*\}\s*from\s*'@xstate\/react'/.test(readFileSync(f, 'utf8')));
  expect(offenders.map((f) => f.slice(root.length + 1))).toEqual([]);
  expect(files(root).length).toBeGreaterThan(100);
});

import type { DocumentEnv } from '../../machines/document/kind.ts';

/** A clock fixed on `today` and keys counted from 1: what the document machines are given in tests. */
export function testEnv(today = '2026-01-05'): DocumentEnv {
  let n = 0;
  return { today: () => today, newKey: () => `key-${++n}` };
}

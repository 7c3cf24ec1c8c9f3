/**
 * The list machine checks a saved filter's name without zod (domain/list-query.ts), the server
 * with zod (domain/api-list-query.ts): the same names pass, and the first message is the same.
 */
import { describe, expect, it } from 'vitest';
import { savedFilterName } from '../../domain/api-list-query.ts';
import { SAVED_FILTER_NAME_MAX, savedFilterNameProblem } from '../../domain/list-query.ts';

const NAMES = ['', ' ', '   \t', 'a', ' Overdue ', 'x'.repeat(SAVED_FILTER_NAME_MAX), 'x'.repeat(SAVED_FILTER_NAME_MAX + 1), ` ${'y'.repeat(SAVED_FILTER_NAME_MAX)} `, 'Ünïcödé ✓'];

describe('a saved filter name', () => {
  it.each(NAMES)('%j: the browser and the server agree', (name) => {
    const server = savedFilterName.safeParse(name);
    expect(savedFilterNameProblem(name)).toBe(server.success ? null : (server.error.issues[0]?.message ?? null));
  });
});

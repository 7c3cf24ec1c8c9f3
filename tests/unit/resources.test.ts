/**
 * What every resource declaration must get right before a server or a browser reads it: a
 * default sort the list can ask for.
 */
import { describe, expect, it } from 'vitest';
import { sortableColumns } from '../../domain/list-query.ts';
import { RESOURCES } from '../../domain/resources/index.ts';

describe.each(Object.values(RESOURCES).map((def) => [def.key, def] as const))('resource %s', (_key, def) => {
  it('sorts by default on a sortable column (the server refuses any other)', () => {
    expect(sortableColumns(def)).toContain(def.defaultSort.field);
  });
});

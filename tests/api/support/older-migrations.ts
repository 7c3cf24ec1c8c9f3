import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../../../server/db/index.ts';

/**
 * A copy of the migrations folder as it was before migration `tag` (its journal ends before it),
 * to migrate a database to a release before it and see what `tag` does to its data. The caller
 * removes the folder it answers.
 */
export function migrationsBefore(tag: string): string {
  const older = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
  const journalPath = join(older, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at <= 0) throw new Error(`No migration ${tag} after the first in the journal`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return older;
}

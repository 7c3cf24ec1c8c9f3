import type { RecordChange } from '../../domain/audit.ts';
import type { Row } from '../../domain/resource.ts';
import { changesBetween, recordAudit } from '../audit/record.ts';
import { clientAddress } from '../http/client.ts';
import type { AppContext } from '../http/context.ts';
import type { BoundResource } from './bound.ts';
import { findRow } from './list-query.ts';
import type { Tx } from './types.ts';

/**
 * The resource engine's side of the audit trail: a resource that declares `audit` has each
 * create, update and delete told in the write's own transaction (saveRecord, removeRecords),
 * with what changed field by field. A resource without it writes nothing here.
 */

/** What a record is, as the trail compares it: its row as the list shows it, with what the resource adds (a role's permission names). */
export async function auditedState(tx: Tx, b: BoundResource, id: number, row?: Row): Promise<Record<string, unknown> | undefined> {
  const audit = b.res.audit;
  if (!audit) return undefined;
  const found = row ?? (await findRow(tx, b.view, id));
  if (!found) return undefined;
  return { ...found, ...(await audit.facts?.(tx, id)) };
}

/**
 * Tells a change of one record: `${record}_created|updated|deleted`, with the fields that
 * differ; a body's secret fields (a password) are only said to be set. An update that changes
 * nothing tells nothing.
 */
export async function auditRecord(
  c: AppContext,
  tx: Tx,
  b: BoundResource,
  change: RecordChange,
  id: number,
  states: { before?: Record<string, unknown> | undefined; after?: Record<string, unknown> | undefined },
  body?: Record<string, unknown>,
): Promise<void> {
  const audit = b.res.audit;
  if (!audit) return;
  const changes = changesBetween(states.before, states.after);
  for (const secret of audit.secrets ?? []) if (body?.[secret] !== undefined && body[secret] !== null) changes[secret] = change === 'created' ? 'set' : 'changed';
  if (change === 'updated' && Object.keys(changes).length === 0) return;
  const row = (states.after ?? states.before) as Row;
  const title = b.title(row);
  const said = { created: 'created', updated: 'changed', deleted: 'deleted' }[change];
  await recordAudit(tx, {
    kind: `${audit.record}_${change}`,
    actor: { userId: c.var.auth.row.id, address: clientAddress(c) },
    subject: { type: audit.record, id, label: title },
    summary: `${b.One} “${title}” ${said}.`,
    changes,
  });
}

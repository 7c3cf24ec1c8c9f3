import { sql } from 'drizzle-orm';
import type { AuditChanges, AuditKind, FieldChange } from '../../domain/audit.ts';
import type { Db, Tx } from '../db/index.ts';
import { auditEvents, users } from '../db/schema.ts';

/**
 * THE ONE WRITER of the audit trail (domain/audit.ts, migration 0025). Guarantees:
 * - In the caller's transaction: the event commits with the change it tells of, and a change
 *   that rolls back leaves none. Callers pass the `tx` their change is written in.
 * - One statement: the actor's name and email are copied from their row as they are now (INSERT
 *   … SELECT), so the event keeps them after the user is renamed or deleted.
 * - Append-only: nothing here or anywhere updates or deletes an event (the database refuses it).
 *
 * Who calls it: sign-in, failed sign-in, sign-out, password and profile changes
 * (server/routes/auth.ts); the resource engine's saves and deletes of the records a resource
 * declares `audit` for (server/crud/write.ts, remove.ts); settings saves
 * (server/resources/settings.ts); every document action and creation (server/documents/engine.ts,
 * register sessions among them).
 */

export interface AuditActor {
  /** The signed-in person; null for no one (a failed sign-in, the demo seed, a website order). */
  userId: number | null;
  /** Where the request came from (server/http/client.ts clientAddress). */
  address?: string | null | undefined;
}

export interface AuditEntry {
  kind: AuditKind;
  actor: AuditActor;
  subject?: { type: string; id?: number | null | undefined; label?: string | null | undefined } | undefined;
  summary: string;
  changes?: AuditChanges | null | undefined;
  /** When it happened, if not now (the demo seed's backdated documents). */
  at?: Date | undefined;
}

export async function recordAudit(tx: Tx | Db, e: AuditEntry): Promise<void> {
  const who = e.actor.userId;
  const person = who === null ? undefined : sql`(select ${users.name} from ${users} where ${users.id} = ${who})`;
  const email = who === null ? undefined : sql`(select ${users.email} from ${users} where ${users.id} = ${who})`;
  await tx.insert(auditEvents).values({
    ...(e.at ? { created_at: e.at } : {}),
    actor_id: who,
    actor_name: person ?? null,
    actor_email: email ?? null,
    kind: e.kind,
    subject_type: e.subject?.type ?? null,
    subject_id: e.subject?.id ?? null,
    subject_label: e.subject?.label ?? null,
    summary: e.summary,
    changes: e.changes ?? null,
    address: e.actor.address?.slice(0, 64) ?? null,
  });
}

/** Fields whose change is no one's doing (versions, stamps) or says nothing about the record (counts shown in its list). */
const UNTOLD = new Set(['id', 'created_at', 'updated_at', 'version']);

/**
 * What differs between two states of a record or setting, field by field: a list as what was
 * added and removed, anything else as its before and after. `before` undefined: a record made
 * now (every field it has is told as its after); `after` undefined: one deleted.
 */
export function changesBetween(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): AuditChanges {
  const out: Record<string, FieldChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (UNTOLD.has(k)) continue;
    const was = before?.[k] ?? null;
    const is = after?.[k] ?? null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    if (Array.isArray(was) || Array.isArray(is)) {
      const a = (was ?? []) as unknown[];
      const b = (is ?? []) as unknown[];
      const key = (v: unknown) => JSON.stringify(v);
      const had = new Set(a.map(key));
      const has = new Set(b.map(key));
      const added = b.filter((v) => !had.has(key(v)));
      const removed = a.filter((v) => !has.has(key(v)));
      if (added.length || removed.length) out[k] = { added, removed };
      continue;
    }
    out[k] = { before: was, after: is };
  }
  return out;
}

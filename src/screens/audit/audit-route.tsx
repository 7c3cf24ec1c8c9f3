import { AUDIT_KINDS, describeChanges, type AuditChanges, type AuditKind } from '../../../domain/audit.ts';
import type { Row } from '../../../domain/resource.ts';
import { css } from 'styled-system/css';
import { Badge } from '../../components/ui/badge.tsx';
import { listPageRoute } from '../resource/list-page-route.tsx';
import { AUDIT } from './audit-defs.ts';

const kindLabel = (row: Row) => AUDIT_KINDS[row.kind as AuditKind] ?? String(row.kind);

/** Sign-ins and their failures in their own tones; everything else neutral. */
const TONES: Partial<Record<AuditKind, 'success' | 'error' | 'info' | 'warning'>> = {
  sign_in: 'success',
  sign_in_failed: 'error',
  password_changed: 'warning',
  register_opened: 'info',
  register_closed: 'info',
};

const changesBox = css({ '& summary': { cursor: 'pointer', color: 'primary.fg', whiteSpace: 'nowrap' }, '& ul': { mt: '1', pl: '4', listStyle: 'disc', fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere', maxW: '28rem' } });

/** What changed, folded: a row expands in place to show it, field by field, and where the request came from. */
function Changes({ row }: { row: Row }) {
  const lines = describeChanges(row.changes as AuditChanges | null);
  const from = row.address ? `From ${String(row.address)}` : null;
  if (!lines.length && !from) return <span aria-label="none">—</span>;
  return (
    <details className={changesBox}>
      <summary>{lines.length ? `${lines.length} ${lines.length === 1 ? 'change' : 'changes'}` : 'Details'}</summary>
      <ul>
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
        {from ? <li>{from}</li> : null}
      </ul>
    </details>
  );
}

/**
 * /audit on the list engine: when, who, what, the subject and a summary, newest first, filtered by
 * person, kind and day in the address; a row's changes unfold in place. Read-only.
 */
export default listPageRoute({
  def: AUDIT,
  extras: {
    cells: {
      kind: (row) => <Badge tone={TONES[row.kind as AuditKind] ?? 'neutral'}>{kindLabel(row)}</Badge>,
      // Nobody is the actor of a failed sign-in or of what the shop did by itself (a website order).
      actor_name: (row) => (row.actor_name ? <span title={String(row.actor_email ?? '')}>{String(row.actor_name)}</span> : <span className={css({ color: 'fg.muted' })}>{row.kind === 'sign_in_failed' ? 'Unknown' : 'System'}</span>),
      changes: (row) => <Changes row={row} />,
    },
    cellText: { kind: kindLabel },
    settings: false,
  },
});

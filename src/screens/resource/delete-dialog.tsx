import { useSelector } from '@xstate/react';
import { DELETE_CONFIRM, type ResourceDef } from '../../../domain/resource.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import type { ListActor } from './list-view.tsx';

/** SPEC §5: "Are you sure want to delete?" before any delete; Cancel sends nothing. */
export function DeleteDialog({ def, actor }: { def: ResourceDef; actor: ListActor }) {
  const open = useSelector(actor, (s) => s.matches({ data: { loaded: 'confirming' } }));
  const what = useSelector(actor, (s) => {
    const ids = s.context.pending;
    if (ids.length !== 1) return `${ids.length} ${def.label.many}`;
    const row = s.context.rows.find((r) => r.id === ids[0]);
    const name = row ? String(row[def.titleField] ?? '') : '';
    return name ? `the ${def.label.one} “${name}”` : `this ${def.label.one}`;
  });
  return (
    <ConfirmDialog
      open={open}
      title={DELETE_CONFIRM}
      description={`This deletes ${what}. It cannot be undone.`}
      cancelLabel="Cancel"
      confirmLabel="Delete"
      onCancel={() => actor.send({ type: 'delete.cancel' })}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
    />
  );
}

import { shallowEqual, useSelector } from '@xstate/react';
import { selectConfirmation, selectFocusAfterDelete } from '../../../machines/list/list.selectors.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { listRegionId, rowCheckboxId, rowTitleId } from '../../resources/dom-ids.ts';
import { useListScreen } from './list-context.ts';

const byId = (id: string) => document.getElementById(id);

/** SPEC §5: "Are you sure want to delete?" before any delete; Cancel sends nothing. */
export function DeleteDialog() {
  const { def, actor } = useListScreen();
  const confirm = useSelector(actor, selectConfirmation, shallowEqual);
  const next = useSelector(actor, selectFocusAfterDelete);
  return (
    <ConfirmDialog
      open={confirm.open}
      title={confirm.title}
      description={confirm.description}
      cancelLabel="Cancel"
      confirmLabel="Delete"
      onCancel={() => actor.send({ type: 'delete.cancel' })}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
      // The Delete button that opened it goes with its row: carry on from the next row.
      focusAfterConfirm={() => (next === null ? null : (byId(rowTitleId(def.key, next)) ?? byId(rowCheckboxId(def.key, next)))) ?? byId(listRegionId(def.key))}
    />
  );
}

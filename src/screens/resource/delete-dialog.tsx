import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { selectConfirmation } from '../../../machines/list/list.selectors.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useListScreen } from './list-context.ts';

/** SPEC §5: "Are you sure want to delete?" before any delete; Cancel sends nothing. */
export function DeleteDialog() {
  const { actor } = useListScreen();
  const confirm = useSelector(actor, selectConfirmation, shallowEqual);
  return (
    <ConfirmDialog
      open={confirm.open}
      title={confirm.title}
      description={confirm.description}
      cancelLabel="Cancel"
      confirmLabel="Delete"
      onCancel={() => actor.send({ type: 'delete.cancel' })}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
    />
  );
}

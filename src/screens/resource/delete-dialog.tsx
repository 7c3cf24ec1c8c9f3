import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { DELETE_CONFIRM, type ResourceDef } from '../../../domain/resource.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
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
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(d) => {
        if (!d.open) actor.send({ type: 'delete.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>{DELETE_CONFIRM}</Dialog.Title>
            <Dialog.Description>This deletes {what}. It cannot be undone.</Dialog.Description>
            <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '6' })}>
              <Button variant="outline" tone="neutral" onClick={() => actor.send({ type: 'delete.cancel' })}>
                Cancel
              </Button>
              <Button tone="error" onClick={() => actor.send({ type: 'delete.confirm' })}>
                Delete
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Portal } from '@ark-ui/react/portal';
import { shallowEqual, useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { SAVED_FILTER_NAME_MAX } from '../../../domain/list-query.ts';
import { selectSaved } from '../../../machines/list/list.selectors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { useListScreen } from './list-context.ts';

/** "Save this filter": a name for the list's search, filters and order, kept for this person. */
export function SaveFilterDialog() {
  const { actor } = useListScreen();
  const saved = useSelector(actor, selectSaved, shallowEqual);
  return (
    <Dialog.Root
      open={saved.naming}
      lazyMount
      unmountOnExit
      onOpenChange={(d) => {
        if (!d.open) actor.send({ type: 'saved.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>Save this filter</Dialog.Title>
            <Dialog.Description>Its search, filters and order, under a name only you see.</Dialog.Description>
            <NameForm error={saved.error} saving={saved.saving} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The name is the dialog's own until it is sent (the machine checks it and keeps why not). */
function NameForm({ error, saving }: { error: string | null; saving: boolean }) {
  const { actor } = useListScreen();
  const [name, setName] = useState('');
  return (
    <form
      noValidate
      className={css({ display: 'grid', gap: '4', mt: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'saved.create', name });
      }}
    >
      <TextField label="Name" value={name} maxLength={SAVED_FILTER_NAME_MAX} error={error ?? undefined} readOnly={saving} autoComplete="off" onValueChange={setName} />
      <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })}>
        <Button variant="outline" tone="neutral" onClick={() => actor.send({ type: 'saved.cancel' })} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}

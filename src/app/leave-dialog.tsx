import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { useAppSystem } from './app-context.tsx';

const STAY_ID = 'leave-dialog-stay';

/**
 * "Leave this page?": open while the navigation machine holds a move away from a form with
 * unsaved changes. Stay is focused first, so Enter or Escape keeps the changes.
 */
export function LeaveDialog() {
  const { navigation } = useAppSystem();
  const open = useSelector(navigation, (s) => s.matches({ showing: 'confirmingLeave' }));
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      initialFocusEl={() => document.getElementById(STAY_ID)}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
      onOpenChange={(d) => {
        if (!d.open) navigation.send({ type: 'leave.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>Leave this page?</Dialog.Title>
            <Dialog.Description>Your changes have not been saved. If you leave, they will be lost.</Dialog.Description>
            <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '6' })}>
              <Button id={STAY_ID} variant="outline" tone="neutral" onClick={() => navigation.send({ type: 'leave.cancel' })}>
                Stay
              </Button>
              <Button tone="error" onClick={() => navigation.send({ type: 'leave.confirm' })}>
                Leave
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

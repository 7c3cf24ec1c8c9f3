import { useSelector } from './use-selector.ts';
import { selectLeavePrompt } from '../../machines/navigation.machine.ts';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { useAppSystem } from './app-context.tsx';

/** "Leave this page?": open while the navigation machine holds a move away from unsaved changes. */
export function LeaveDialog() {
  const { navigation } = useAppSystem();
  const open = useSelector(navigation, selectLeavePrompt);
  return (
    <ConfirmDialog
      open={open}
      title="Leave this page?"
      description="Your changes have not been saved. If you leave, they will be lost."
      cancelLabel="Stay"
      confirmLabel="Leave"
      onCancel={() => navigation.send({ type: 'leave.cancel' })}
      onConfirm={() => navigation.send({ type: 'leave.confirm' })}
    />
  );
}

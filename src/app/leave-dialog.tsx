import { useSelector } from '@xstate/react';
import { selectLeavePrompt, selectLeaveReason } from '../../machines/navigation.machine.ts';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { useAppSystem } from './app-context.tsx';

/** "Leave this page?": open while the navigation machine holds a move away from unsaved changes (a link, back, Logout). */
export function LeaveDialog() {
  const { navigation } = useAppSystem();
  const open = useSelector(navigation, selectLeavePrompt);
  const reason = useSelector(navigation, selectLeaveReason);
  const logout = reason === 'logout';
  return (
    <ConfirmDialog
      open={open}
      title="Leave this page?"
      description={`Your changes have not been saved. If you ${logout ? 'log out' : 'leave'}, they will be lost.`}
      cancelLabel="Stay"
      confirmLabel={logout ? 'Log out' : 'Leave'}
      onCancel={() => navigation.send({ type: 'leave.cancel' })}
      onConfirm={() => navigation.send({ type: 'leave.confirm' })}
      // Left for another page: the keyboard carries on from its content, not from the link
      // that was followed (which may be gone) or the top of the document.
      focusAfterConfirm={() => document.getElementById('main')}
    />
  );
}

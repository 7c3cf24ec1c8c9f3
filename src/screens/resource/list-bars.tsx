import { shallowEqual, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { selectNotice, selectUndo } from '../../../machines/list/list.selectors.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useListScreen } from './list-context.ts';

/**
 * After a delete is confirmed: what will go and Undo, for a few seconds, then "Deleting…".
 * A status (read out politely), and the Undo button is the one thing to press.
 */
export function UndoBar() {
  const { actor } = useListScreen();
  const undo = useSelector(actor, selectUndo, shallowEqual);
  if (!undo) return null;
  return (
    <div
      role="status"
      className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', px: '4', py: '2', bg: 'neutral.subtle', color: 'fg.default', fontSize: 'sm', borderBottomWidth: '1px', borderColor: 'border.default' })}
    >
      <span className={css({ flex: '1 1 12rem', minW: '0' })}>{undo.text}</span>
      {undo.canUndo ? (
        <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'delete.undo' })}>
          Undo
        </Button>
      ) : null}
    </div>
  );
}

/** A delete that failed, on screen until dismissed (a toast would be gone before it is read). */
export function NoticeBar() {
  const { actor } = useListScreen();
  const notice = useSelector(actor, selectNotice);
  if (!notice) return null;
  return (
    <AlertMessage
      className={css({ m: '3' })}
      actions={
        <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'notice.dismiss' })}>
          Dismiss
        </Button>
      }
    >
      {notice}
    </AlertMessage>
  );
}

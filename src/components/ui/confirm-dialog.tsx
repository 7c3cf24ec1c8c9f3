import { Portal } from '@ark-ui/react/portal';
import { useId, useRef, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  /** Controlled by a machine state. */
  open: boolean;
  title: string;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): void;
  /**
   * Where the focus goes after the confirming answer, when what opened the question is gone
   * (the deleted row's button, the link of a page that was left). Null: back to the opener.
   */
  focusAfterConfirm?: () => HTMLElement | null;
}

/**
 * A question with a safe and a destructive answer (delete, leave with unsaved changes). The
 * safe answer has the focus first, so Enter or Escape never destroys anything.
 */
export function ConfirmDialog({ open, title, description, cancelLabel, confirmLabel, onCancel, onConfirm, focusAfterConfirm }: ConfirmDialogProps) {
  const cancelId = useId();
  // Which answer closed it: only the confirming one moves the focus elsewhere.
  const confirmed = useRef(false);
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      initialFocusEl={() => {
        confirmed.current = false;
        return document.getElementById(cancelId);
      }}
      finalFocusEl={() => (confirmed.current ? (focusAfterConfirm?.() ?? null) : null)}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
      onOpenChange={(d) => {
        if (!d.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Description>{description}</Dialog.Description>
            <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '6' })}>
              <Button id={cancelId} variant="outline" tone="neutral" onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button
                tone="error"
                onClick={() => {
                  confirmed.current = true;
                  onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

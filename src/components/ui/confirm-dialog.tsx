import { Portal } from '@ark-ui/react/portal';
import { useId, type ReactNode } from 'react';
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
}

/**
 * A question with a safe and a destructive answer (delete, leave with unsaved changes). The
 * safe answer has the focus first, so Enter or Escape never destroys anything.
 */
export function ConfirmDialog({ open, title, description, cancelLabel, confirmLabel, onCancel, onConfirm }: ConfirmDialogProps) {
  const cancelId = useId();
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      initialFocusEl={() => document.getElementById(cancelId)}
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
              <Button tone="error" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

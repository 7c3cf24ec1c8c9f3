import { Portal } from '@ark-ui/react/portal';
import { useRef, type ReactNode, type RefObject } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

export const dialogRow = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', flexWrap: 'wrap', mt: '4' });

/** On a touch screen, and below a laptop's width (a tablet), the till's buttons and fields are at least 44 px each way. */
export const touchTargets = css({
  '@media (pointer: coarse), (max-width: 1263.98px)': { '& button, & input, & [role=tab]': { minH: '11' }, '& button': { minW: '11' } },
});

/** A dialog of the till: opened by a machine's state, closed by its event, the focus given back to the search box. */
export function TillDialog({ open, title, description, onClose, finalFocus, children, wide }: { open: boolean; title: string; description?: string; onClose: () => void; finalFocus?: RefObject<HTMLElement | null> | undefined; children: ReactNode; wide?: boolean }) {
  // Opened by a machine, the dialog has no trigger to give the focus back to: without `finalFocus` it goes back to whatever had it when the dialog opened.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') opener.current = document.activeElement as HTMLElement | null;
  wasOpen.current = open;
  return (
    <Dialog.Root open={open} lazyMount unmountOnExit onOpenChange={(d) => !d.open && onClose()} finalFocusEl={() => finalFocus?.current ?? opener.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content className={cx(css({ maxW: wide ? '40rem' : '28rem', w: 'full', maxH: '100dvh', overflowY: 'auto' }), touchTargets)}>
            <Dialog.Title>{title}</Dialog.Title>
            {description && <Dialog.Description>{description}</Dialog.Description>}
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A till dialog that is a form: its fields, the machine's notice, Cancel and the submit button. */
export function TillFormDialog({ open, title, description, onClose, onSubmit, notice, submit, busy, tone, children }: { open: boolean; title: string; description?: string; onClose: () => void; onSubmit: () => void; notice: string | null; submit: string; busy: boolean; tone?: 'error'; children: ReactNode }) {
  return (
    <TillDialog open={open} title={title} {...(description ? { description } : {})} onClose={onClose}>
      <form
        noValidate
        className={css({ display: 'grid', gap: '4', mt: '4' })}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {notice && <p role="alert">{notice}</p>}
        <div className={dialogRow}>
          <Button variant="outline" tone="neutral" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" {...(tone ? { tone } : {})} loading={busy}>
            {submit}
          </Button>
        </div>
      </form>
    </TillDialog>
  );
}

import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { css } from 'styled-system/css';
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { Icon } from '../components/ui/icon.tsx';

/**
 * SPEC §2's floating upgrade button, floating in the footer bar that stays at the bottom of the
 * window rather than over the page. It opens a plain dialog saying what Pro would bring and
 * that it cannot be bought yet. Ark's own dialog state opens and closes it and returns the
 * focus to the button: nothing in the app depends on it.
 */
export function UpgradeButton({ narrow }: { narrow: boolean }) {
  return (
    <Dialog.Root lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button
          aria-label={narrow ? 'Upgrade to Pro' : undefined}
          size={narrow ? 'sm' : 'md'}
          square={narrow}
          className={css({ flexShrink: 0, borderRadius: 'full', boxShadow: '0 4px 14px rgba(124, 58, 237, 0.4)' })}
        >
          <Icon name="rocket" />
          {narrow ? null : 'Upgrade to Pro'}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>Pro edition</Dialog.Title>
            <Dialog.Description>There is no Pro edition to buy yet. If there were one, it would bring:</Dialog.Description>
            <ul className={css({ mt: '3', ps: '5', listStyle: 'disc', display: 'grid', gap: '1.5', fontSize: 'sm' })}>
              <li>Stock for several stores, with transfers between them.</li>
              <li>Advanced reports: margins, best sellers and slow movers over any period.</li>
              <li>Priority support from a person who knows your shop.</li>
            </ul>
            <p className={css({ mt: '3', fontSize: 'sm', color: 'fg.muted' })}>Everything in this back office stays free to use.</p>
            <div className={css({ display: 'flex', justifyContent: 'flex-end', mt: '6' })}>
              {/* Ark's unstyled part: the recipe's close trigger is the corner ×, this is a plain button. */}
              <ArkDialog.CloseTrigger asChild>
                <Button variant="outline" tone="neutral">
                  Close
                </Button>
              </ArkDialog.CloseTrigger>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

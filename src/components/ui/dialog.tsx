import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { dialog } from 'styled-system/recipes/dialog';
import { createSlots } from './slots.ts';

const { withRootProvider, withContext } = createSlots(dialog);

/** Ark Dialog parts; drive Root with `open` and `onOpenChange` from a machine. */
export const Dialog = {
  Root: withRootProvider(ArkDialog.Root),
  Trigger: withContext(ArkDialog.Trigger, 'trigger'),
  Backdrop: withContext(ArkDialog.Backdrop, 'backdrop'),
  Positioner: withContext(ArkDialog.Positioner, 'positioner'),
  Content: withContext(ArkDialog.Content, 'content'),
  Title: withContext(ArkDialog.Title, 'title'),
  Description: withContext(ArkDialog.Description, 'description'),
  CloseTrigger: withContext(ArkDialog.CloseTrigger, 'closeTrigger'),
};

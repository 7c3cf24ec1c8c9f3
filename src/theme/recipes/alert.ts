import { defineSlotRecipe } from '@pandacss/dev';

/**
 * A message about a part of the page (a form's error, a list that could not be loaded, the
 * sign-in result): icon, text, and an optional action, in the tone's colours. `layout:
 * 'centered'` is the empty-page variant (a whole list failed).
 */
export const alert = defineSlotRecipe({
  className: 'alert',
  slots: ['root', 'icon', 'content', 'title', 'description', 'actions'],
  base: {
    root: { display: 'flex', gap: '2.5', alignItems: 'flex-start', fontSize: 'sm', borderRadius: 'md' },
    icon: { display: 'inline-flex', flexShrink: 0 },
    content: { display: 'flex', flexDirection: 'column', gap: '1', minW: '0' },
    title: { fontWeight: 'semibold' },
    description: {},
    actions: { display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' },
  },
  variants: {
    tone: {
      error: { root: { colorPalette: 'error' } },
      success: { root: { colorPalette: 'success' } },
      warning: { root: { colorPalette: 'warning' } },
      info: { root: { colorPalette: 'info' } },
    },
    variant: {
      /** A tinted box (a form's error, the sign-in alert). */
      box: { root: { p: '3', bg: 'colorPalette.subtle', color: 'colorPalette.fg' } },
      /** Plain text in the tone's colour (under a picker). */
      inline: { root: { alignItems: 'center', flexWrap: 'wrap', color: 'colorPalette.fg' } },
      /** In the middle of an empty region (a list that could not be loaded). */
      centered: {
        root: { flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '3', py: '12', px: '4' },
        content: { alignItems: 'center' },
        title: { fontSize: 'md', color: 'fg.default' },
        description: { color: 'fg.muted' },
        actions: { justifyContent: 'center' },
      },
    },
  },
  defaultVariants: { tone: 'error', variant: 'box' },
});

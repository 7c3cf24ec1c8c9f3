import { comboboxAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { inputStyles } from './input.ts';
import { inlineButtonStyles, listContentStyles, listItemIndicatorStyles, listItemStyles } from './listbox-styles.ts';

/** Ark's combobox parts plus the removable tags of a multiple choice. */
export const combobox = defineSlotRecipe({
  className: 'combobox',
  slots: comboboxAnatomy.extendWith('tagList', 'tag', 'tagRemove', 'status').keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    control: { position: 'relative' },
    input: { ...inputStyles, pe: '16' },
    trigger: { ...inlineButtonStyles, position: 'absolute', top: '50%', insetEnd: '1.5', transform: 'translateY(-50%)', '& svg': { w: '4', h: '4', transition: 'transform 150ms' }, _open: { '& svg': { transform: 'rotate(180deg)' } } },
    clearTrigger: { ...inlineButtonStyles, position: 'absolute', top: '50%', insetEnd: '9', transform: 'translateY(-50%)' },
    positioner: { zIndex: 'dropdown' },
    content: listContentStyles,
    list: {},
    item: listItemStyles,
    itemText: { flex: '1', minW: '0' },
    itemIndicator: listItemIndicatorStyles,
    itemGroup: {},
    itemGroupLabel: { px: '3', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
    empty: { px: '3', py: '2', fontSize: 'sm', color: 'fg.muted' },
    status: { display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', px: '3', py: '2', fontSize: 'sm', color: 'fg.muted' },
    tagList: { display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: '0', m: '0', _empty: { display: 'none' } },
    tag: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      h: '7',
      ps: '2.5',
      pe: '1',
      borderRadius: 'full',
      bg: 'primary.subtle',
      color: 'primary.fg',
      fontSize: 'xs',
      fontWeight: 'semibold',
    },
    tagRemove: {
      ...inlineButtonStyles,
      w: '5',
      h: '5',
      borderRadius: 'full',
      color: 'primary.fg',
      _hover: { bg: 'primary.subtleHover' },
      '& svg': { w: '3.5', h: '3.5' },
    },
  },
});

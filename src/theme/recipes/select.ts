import { selectAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { inputStyles } from './input.ts';
import { listContentStyles, listItemIndicatorStyles, listItemStyles } from './listbox-styles.ts';

export const select = defineSlotRecipe({
  className: 'select',
  slots: selectAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    control: { position: 'relative' },
    trigger: {
      ...inputStyles,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      textAlign: 'start',
      cursor: 'pointer',
      _open: { borderColor: 'primary.solid', boxShadow: '0 0 0 1px token(colors.primary.solid)' },
    },
    valueText: { flex: '1', minW: '0', truncate: true, _placeholderShown: { color: 'fg.muted' } },
    indicator: { display: 'inline-flex', color: 'fg.muted', transition: 'transform 150ms', _open: { transform: 'rotate(180deg)' }, '& svg': { w: '4', h: '4' } },
    clearTrigger: {},
    positioner: { zIndex: 'dropdown' },
    // The list box itself (items go straight into it; see src/components/ui/select.tsx).
    content: listContentStyles,
    item: listItemStyles,
    itemText: { flex: '1', minW: '0' },
    itemIndicator: listItemIndicatorStyles,
    itemGroup: {},
    itemGroupLabel: { px: '3', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
  },
});

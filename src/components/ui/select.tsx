import type { CollectionItem } from '@ark-ui/react/collection';
import { Select as ArkSelect } from '@ark-ui/react/select';
import type { JSX, RefAttributes } from 'react';
import { select } from 'styled-system/recipes';
import { createStyleContext } from 'styled-system/jsx';

export { createListCollection } from '@ark-ui/react/select';

// The style context drops Root's item type; this puts it back, so `collection` stays typed.
const { withProvider, withContext } = createStyleContext(select);

/**
 * Ark Select parts with the select slot recipe; give Root a `createListCollection` collection.
 * Items go straight into Content, which is the list box: Ark's List part is a focusable
 * element with no role, which a list box may not hold (axe: aria-required-children), so it is
 * not offered here.
 */
export const Select = {
  Root: withProvider(ArkSelect.Root, 'root') as <T extends CollectionItem>(props: ArkSelect.RootProps<T> & RefAttributes<HTMLDivElement>) => JSX.Element,
  Label: withContext(ArkSelect.Label, 'label'),
  Control: withContext(ArkSelect.Control, 'control'),
  Trigger: withContext(ArkSelect.Trigger, 'trigger'),
  ValueText: withContext(ArkSelect.ValueText, 'valueText'),
  Indicator: withContext(ArkSelect.Indicator, 'indicator'),
  ClearTrigger: withContext(ArkSelect.ClearTrigger, 'clearTrigger'),
  Positioner: withContext(ArkSelect.Positioner, 'positioner'),
  Content: withContext(ArkSelect.Content, 'content'),
  Item: withContext(ArkSelect.Item, 'item'),
  ItemText: withContext(ArkSelect.ItemText, 'itemText'),
  ItemIndicator: withContext(ArkSelect.ItemIndicator, 'itemIndicator'),
  ItemGroup: withContext(ArkSelect.ItemGroup, 'itemGroup'),
  ItemGroupLabel: withContext(ArkSelect.ItemGroupLabel, 'itemGroupLabel'),
  HiddenSelect: ArkSelect.HiddenSelect,
};

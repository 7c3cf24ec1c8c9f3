import type { CollectionItem } from '@ark-ui/react/collection';
import { Combobox as ArkCombobox } from '@ark-ui/react/combobox';
import { ark } from '@ark-ui/react/factory';
import type { JSX, RefAttributes } from 'react';
import { combobox } from 'styled-system/recipes/combobox';
import { createSlots } from './slots.ts';

export { createListCollection } from '@ark-ui/react/combobox';

// The style context drops Root's item type; this puts it back, so `collection` stays typed.
const { withProvider, withContext } = createSlots(combobox);

/**
 * Ark Combobox parts with the combobox slot recipe, plus `TagList`/`Tag`/`TagRemove` for the
 * chosen values of a multiple choice (rendered beside the input, each with its own button).
 */
export const Combobox = {
  Root: withProvider(ArkCombobox.Root, 'root') as <T extends CollectionItem>(props: ArkCombobox.RootProps<T> & RefAttributes<HTMLDivElement>) => JSX.Element,
  Label: withContext(ArkCombobox.Label, 'label'),
  Control: withContext(ArkCombobox.Control, 'control'),
  Input: withContext(ArkCombobox.Input, 'input'),
  Trigger: withContext(ArkCombobox.Trigger, 'trigger'),
  ClearTrigger: withContext(ArkCombobox.ClearTrigger, 'clearTrigger'),
  Positioner: withContext(ArkCombobox.Positioner, 'positioner'),
  Content: withContext(ArkCombobox.Content, 'content'),
  List: withContext(ArkCombobox.List, 'list'),
  Item: withContext(ArkCombobox.Item, 'item'),
  ItemText: withContext(ArkCombobox.ItemText, 'itemText'),
  ItemIndicator: withContext(ArkCombobox.ItemIndicator, 'itemIndicator'),
  Empty: withContext(ArkCombobox.Empty, 'empty'),
  Status: withContext(ark.div, 'status'),
  TagList: withContext(ark.ul, 'tagList'),
  Tag: withContext(ark.li, 'tag'),
  TagRemove: withContext(ark.button, 'tagRemove'),
};

import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { menu } from 'styled-system/recipes';
import { createStyleContext } from 'styled-system/jsx';

const { withRootProvider, withContext } = createStyleContext(menu);

/**
 * Ark Menu parts with the menu slot recipe. Root accepts Ark's `open`/`onOpenChange` when a
 * machine owns the state; left alone, Ark's own (zag) machine keeps the open flag.
 */
export const Menu = {
  Root: withRootProvider(ArkMenu.Root),
  Trigger: withContext(ArkMenu.Trigger, 'trigger'),
  Positioner: withContext(ArkMenu.Positioner, 'positioner'),
  Content: withContext(ArkMenu.Content, 'content'),
  Item: withContext(ArkMenu.Item, 'item'),
  /** A menu item that is on or off (a column shown or hidden); Ark renders it with role menuitemcheckbox. */
  CheckboxItem: withContext(ArkMenu.CheckboxItem, 'item'),
  ItemIndicator: withContext(ArkMenu.ItemIndicator, 'itemIndicator'),
  ItemText: withContext(ArkMenu.ItemText, 'itemText'),
  ItemGroup: withContext(ArkMenu.ItemGroup, 'itemGroup'),
  ItemGroupLabel: withContext(ArkMenu.ItemGroupLabel, 'itemGroupLabel'),
  Separator: withContext(ArkMenu.Separator, 'separator'),
  Arrow: withContext(ArkMenu.Arrow, 'arrow'),
  ArrowTip: withContext(ArkMenu.ArrowTip, 'arrowTip'),
};

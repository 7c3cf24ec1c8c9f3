import { badge } from './badge.ts';
import { button } from './button.ts';
import { card } from './card.ts';
import { dialog } from './dialog.ts';
import { field } from './field.ts';
import { icon } from './icon.ts';
import { input } from './input.ts';
import { menu } from './menu.ts';
import { spinner } from './spinner.ts';
import { toast } from './toast.ts';
import { tooltip } from './tooltip.ts';

export const recipes = { badge, button, icon, input, spinner };
export const slotRecipes = { card, dialog, field, menu, toast, tooltip };

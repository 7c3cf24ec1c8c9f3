import type { FieldKind } from '../../../../domain/resource.ts';
import { CheckboxesField, SelectField, SwitchField } from './choice-fields.tsx';
import type { FieldKindView } from './field-props.ts';
import { BarcodeField } from './barcode-field.tsx';
import { ImageField, ImageUrlField } from './image-field.tsx';
import { PermissionGrid } from './permission-grid.tsx';
import { RelationField, RelationManyField } from './relation-field.tsx';
import { ColourField, MoneyField, PercentField, TEXT_INPUTS, TextareaField } from './text-fields.tsx';

const line = (component: FieldKindView['component']): FieldKindView => ({ component, skeleton: 'line' });

/** Every field kind the generic form shows, and how. A screen adds its own by spreading this. */
export const FIELD_VIEWS: Readonly<Record<FieldKind, FieldKindView>> = {
  text: line(TEXT_INPUTS.text),
  email: line(TEXT_INPUTS.email),
  tel: line(TEXT_INPUTS.tel),
  url: line(TEXT_INPUTS.url),
  password: line(TEXT_INPUTS.password),
  integer: line(TEXT_INPUTS.integer),
  date: line(TEXT_INPUTS.date),
  money: line(MoneyField),
  percent: line(PercentField),
  colour: line(ColourField),
  select: line(SelectField),
  relation: line(RelationField),
  relationMany: line(RelationManyField),
  switch: line(SwitchField),
  checkboxes: line(CheckboxesField),
  textarea: { component: TextareaField, skeleton: 'box' },
  permissionGrid: { component: PermissionGrid, wide: true, skeleton: 'box' },
  image: { component: ImageField, skeleton: 'box' },
  imageUrl: { component: ImageUrlField, skeleton: 'box' },
  barcode: line(BarcodeField),
  serials: { component: TextareaField, skeleton: 'box' },
};

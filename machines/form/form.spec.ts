import type { ResourceDef, SingletonDef } from '../../domain/resource.ts';
import type { FormSpec } from './form.machine.ts';

/** What the form machine needs from a resource's definition (create and edit). */
export const formSpecOf = (def: ResourceDef): FormSpec => ({
  label: def.label.one,
  fields: def.fields,
  schema: def.schema,
  updateSchema: def.updateSchema,
  defaults: def.defaults,
  parentField: def.parent?.field,
  titleField: def.titleField,
});

/** What the form machine needs from a settings record's definition (edited in place). */
export const singletonSpecOf = (def: SingletonDef): FormSpec => ({
  label: def.label,
  fields: def.fields,
  schema: def.schema,
  defaults: def.defaults,
});

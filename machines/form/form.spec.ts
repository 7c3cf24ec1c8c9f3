import type { ResourceDef, SingletonDef } from '../../domain/resource.ts';
import { writeSchemas } from '../../domain/schema-kit.ts';
import type { FormSpec } from './form.machine.ts';

/** What the form machine needs from a resource's definition (create and edit). */
export const formSpecOf = (def: ResourceDef): FormSpec => ({
  label: def.label.one,
  fields: def.fields,
  schema: writeSchemas(def).create,
  updateSchema: writeSchemas(def).update,
  defaults: def.defaults,
  parentField: def.parent?.field,
  titleField: def.titleField,
  figures: def.recordFigures,
});

/** What the form machine needs from a settings record's definition (edited in place). */
export const singletonSpecOf = (def: SingletonDef): FormSpec => ({
  label: def.label,
  fields: def.fields,
  schema: writeSchemas(def).create,
  defaults: def.defaults,
});

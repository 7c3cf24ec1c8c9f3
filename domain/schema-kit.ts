import { z } from 'zod';
import * as fields from './fields.ts';
import { optionalBarcode } from './stock/barcode.ts';
import { optionalImage } from './stock/image.ts';

/**
 * What a resource declaration builds its write schema with (domain/resource.ts says why it is
 * handed over rather than imported): zod and the field schemas with their messages.
 */
export const kit = {
  // The zod builders the declarations use, named one by one: handing over zod's namespace
  // itself would keep all of zod (its locales, its JSON Schema reader) in the form's files.
  z: { strictObject: z.strictObject, string: z.string, number: z.number, boolean: z.boolean, enum: z.enum, array: z.array, preprocess: z.preprocess },
  ...fields,
  optionalBarcode,
  optionalImage,
};
export type SchemaKit = typeof kit;

/** What a declaration (a resource's or a setting's) says about writing its record. */
interface Writes<S extends z.ZodType, U extends z.ZodType> {
  schema: (kit: SchemaKit) => S;
  updateSchema?: ((kit: SchemaKit) => U) | undefined;
}
type Schemas<S extends z.ZodType, U extends z.ZodType> = { create: S; update: S | U };
const made = new WeakMap<object, Schemas<z.ZodType, z.ZodType>>();

/** A declaration's create and update schemas, made once per declaration. */
export function writeSchemas<S extends z.ZodType, U extends z.ZodType = S>(def: Writes<S, U>): Schemas<S, U> {
  let schemas = made.get(def) as Schemas<S, U> | undefined;
  if (!schemas) {
    const create = def.schema(kit);
    schemas = { create, update: def.updateSchema?.(kit) ?? create };
    made.set(def, schemas);
  }
  return schemas;
}

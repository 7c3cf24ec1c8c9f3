import type { z } from 'zod';
import type { AuditedRecord } from '../../domain/audit.ts';
import type { Permission } from '../../domain/permissions.ts';
import type { ResourceDef, Row } from '../../domain/resource.ts';
import type { Db, Tx } from '../db/index.ts';
import type { AppContext, RouteDef } from '../http/context.ts';
import type { ConstraintMessages } from './db-errors.ts';
import type { AnyTable, Expr } from './sql.ts';
import type { ListSource } from './list-query.ts';
import type { UsedBy } from './used-by.ts';

export type { Tx };

/** A resource's body schema: a (strict) object. */
export type BodySchema = z.ZodType<Record<string, unknown>>;
/** What a write route hands to the resource's hooks: the create schema's output or the update schema's. */
export type WriteBody<S extends BodySchema, U extends BodySchema> = z.output<S> | z.output<U>;

/**
 * A simple resource bound to its table: the list it shows (ListSource), what its database
 * constraints mean to a person (ConstraintMessages), and the hooks of its writes, typed by the
 * output of its definition's schemas. The hooks are methods so that a resource with a specific
 * schema still fits a list of ServerResource.
 */
export interface ServerResource<S extends BodySchema = BodySchema, U extends BodySchema = S> extends ListSource, ConstraintMessages {
  def: ResourceDef<S, U>;
  /** What names a record in relation options; default the def's titleField column. */
  label?: Expr;
  /** What a picker needs beside the label, sent with each option (a customer's category discount, for the till). */
  optionFields?: Record<string, Expr>;
  /**
   * Child resources (def.parent): the list needs the parent's id, and a parent that does not
   * exist answers 404 rather than an empty list that looks like "no values yet".
   */
  parent?: { table: AnyTable; choose: string; missing: string };
  /** Extra routes, registered before `{api}/:id` so their paths are not taken for an id. */
  routes?: readonly RouteDef[];
  /** What still uses a record, so deleting it answers 409 naming it. */
  usedBy?: readonly UsedBy[];
  /** Valid body → column values (default: the body as is). */
  toRow?(body: WriteBody<S, U>, ctx: { tx: Tx; id?: number }): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Writes that go with the row (role links, permission links), inside the same transaction. */
  afterWrite?(tx: Tx, id: number, body: WriteBody<S, U>, ctx: { c: AppContext; before?: Row }): Promise<void>;
  /** Extra fields of one record for its edit form (e.g. role_ids). */
  detail?(db: Db | Tx, id: number): Promise<Record<string, unknown>>;
  /** Refuse an update (throw ApiError), e.g. stripping the Super Admin role. */
  beforeUpdate?(tx: Tx, row: Row, body: z.output<U>, c: AppContext): Promise<void> | void;
  /** Refuse a delete (throw ApiError), e.g. deleting yourself. */
  beforeDelete?(tx: Tx, row: Row, c: AppContext): Promise<void> | void;
  /**
   * Why the person asking cannot delete this listed row (the same rule beforeDelete enforces),
   * or undefined: the list marks it `protected` with this `protected_reason`, so its Delete is
   * disabled with the reason instead of refused after a click.
   */
  deleteRefusal?(row: Row, c: AppContext): string | undefined;
  /**
   * Its creates, updates and deletes go into the audit trail as `${record}_created` and so on,
   * in the write's transaction (./audit.ts), with the fields that changed: the row as listed and
   * what `facts` adds (a role's permission names). `secrets`: body fields only said to be set.
   */
  audit?: { record: AuditedRecord; facts?(tx: Tx, id: number): Promise<Record<string, unknown>>; secrets?: readonly string[] };
}

/** Binds a resource, inferring the body types of its hooks from `def`'s schemas. */
export const serverResource = <S extends BodySchema, U extends BodySchema = S>(res: ServerResource<S, U>): ServerResource<S, U> => res;

export interface CrudOptions {
  /** Who may read `{api}/options` (id + label pairs for pickers); no options route without it. */
  optionsAccess?: readonly Permission[] | undefined;
}

/**
 * The server side of a simple resource, split by verb: the list query (list-query.ts) and the
 * database-error mapping and ETags (db-errors.ts, etag.ts) are shared with document endpoints
 * that have handlers of their own.
 */
export { bindResource, type BoundResource } from './bound.ts';
export { explainDeleteError, explainWriteError, isUniqueViolation, pgError, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, type ConstraintMessages } from './db-errors.ts';
export { checkIfMatch, etagOf, nextVersion } from './etag.ts';
export { EXPORT_MAX } from './export.ts';
export { checkIds, parseId, PG_INTEGER_MAX } from './ids.ts';
export { DEEP_PAGE_OFFSET, findRow, listOrder, listPage, listView, listWhere, NARROW_SEARCH_MAX_MATCHES, rangeCondition, selectRows, withJoins, type ListSource, type ListView, type TallySource } from './list-query.ts';
export { OPTIONS_MAX } from './options.ts';
export { crudRoutes } from './routes.ts';
export { containsPattern, countOf, lowerContains, qualified } from './sql.ts';
export { serverResource, type BodySchema, type CrudOptions, type ServerResource, type Tx } from './types.ts';
export { countWhere, type UsedBy } from './used-by.ts';
export type { AnyTable, Expr } from './sql.ts';

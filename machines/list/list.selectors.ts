import type { SnapshotFrom } from 'xstate';
import { DELETE_CONFIRM, type ResourceDef, type Row } from '../../domain/resource.ts';
import type { ListAbilities, listMachine } from './list.machine.ts';

/**
 * What a list screen shows, derived from the list machine's snapshot: which phase, which row
 * can be selected or deleted (asked of the machine with `snapshot.can`), what the confirmation
 * says. Views render this and send events; they decide nothing.
 */
export type ListSnapshot = SnapshotFrom<typeof listMachine>;

export type ListPhase = 'loading' | 'failed' | 'empty' | 'rows';

export const selectPhase = (s: ListSnapshot): ListPhase =>
  s.matches({ data: 'loading' }) ? 'loading' : s.matches({ data: 'failed' }) ? 'failed' : s.matches({ data: 'empty' }) ? 'empty' : 'rows';

/** The name a row goes by in labels and messages ("Delete Acme Ltd"). */
export const rowTitle = (s: ListSnapshot, row: Row) => String(row[s.context.spec.titleField] ?? `#${row.id}`);

export interface RowView {
  row: Row;
  title: string;
  selected: boolean;
  /** Its checkbox can be ticked now. */
  selectable: boolean;
  /** Its delete button can be pressed now. */
  deletable: boolean;
  /** It cannot be deleted at all (the server says so): the button says why. */
  protected: boolean;
  /** Its delete request is on its way ("Deleting…"). */
  deleting: boolean;
  /** The edit link is offered now (allowed, and no request is changing the list). */
  editable: boolean;
}

export function selectRows(s: ListSnapshot): RowView[] {
  const { rows, selected, deleting, abilities } = s.context;
  const idle = s.matches({ data: { loaded: 'idle' } });
  return rows.map((row) => ({
    row,
    title: rowTitle(s, row),
    selected: selected.includes(row.id),
    selectable: s.can({ type: 'row.toggle', id: row.id }),
    deletable: s.can({ type: 'row.delete', id: row.id }),
    protected: row.protected === true,
    deleting: deleting.includes(row.id),
    editable: abilities.edit && idle,
  }));
}

/** The "select all on this page" box. */
export function selectAllBox(s: ListSnapshot) {
  const candidates = s.context.rows.filter((r) => r.protected !== true);
  const all = candidates.length > 0 && candidates.every((r) => s.context.selected.includes(r.id));
  return { checked: all, indeterminate: !all && s.context.selected.length > 0, enabled: s.can({ type: 'rows.toggleAll' }) };
}

export const selectTotals = (s: ListSnapshot) => s.context.totals;
export const selectSelectedIds = (s: ListSnapshot) => s.context.selected;
export const selectAbilities = (s: ListSnapshot) => s.context.abilities;
export const selectQuery = (s: ListSnapshot) => s.context.query;
export const selectFilters = (s: ListSnapshot) => s.context.query.filters;
export const selectSearchText = (s: ListSnapshot) => s.context.searchText;
export const selectError = (s: ListSnapshot) => s.context.error;
export const selectBusy = (s: ListSnapshot) => s.hasTag('busy');
export const selectExporting = (s: ListSnapshot) => s.hasTag('exporting');
/** The Export CSV button is shown only to who may export (the machine refuses the others). */
export const selectCanExport = (s: ListSnapshot) => s.context.abilities.export;
export const selectSelectedCount = (s: ListSnapshot) => s.context.selected.length;
export const selectCanBulkDelete = (s: ListSnapshot) => s.can({ type: 'rows.deleteSelected' });
/** A search or a filter narrows the list (the empty state then offers to clear them). */
export const selectFiltered = (s: ListSnapshot) => s.context.query.search !== '' || Object.keys(s.context.query.filters).length > 0;

/** "11–20 of 60", and whether previous/next can be asked for now. */
export function selectPagination(s: ListSnapshot) {
  const meta = s.context.meta;
  if (!meta) return null;
  const from = meta.total === 0 ? 0 : (meta.page - 1) * meta.per_page + 1;
  return {
    from,
    to: Math.min(meta.total, meta.page * meta.per_page),
    total: meta.total,
    page: meta.page,
    lastPage: meta.last_page,
    perPage: s.context.query.per_page,
    canPrevious: meta.page > 1 && s.can({ type: 'list.page', page: meta.page - 1 }),
    canNext: meta.page < meta.last_page && s.can({ type: 'list.page', page: meta.page + 1 }),
  };
}

/** SPEC §5's question before a delete, and what exactly it would delete. */
export function selectConfirmation(s: ListSnapshot) {
  const { pending, rows, spec } = s.context;
  let what: string;
  if (pending.length !== 1) what = `${pending.length} ${spec.label.many}`;
  else {
    const row = rows.find((r) => r.id === pending[0]);
    const name = row ? String(row[spec.titleField] ?? '') : '';
    what = name ? `the ${spec.label.one} “${name}”` : `this ${spec.label.one}`;
  }
  return { open: s.matches({ data: { loaded: 'confirming' } }), title: DELETE_CONFIRM, description: `This deletes ${what}. It cannot be undone.` };
}

/**
 * The row the keyboard carries on from once the rows being deleted are gone: the next one
 * after them, else the one before; null when none is left (focus the list itself).
 */
export function selectFocusAfterDelete(s: ListSnapshot): number | null {
  const { rows, pending, deleting } = s.context;
  const gone = new Set(pending.length ? pending : deleting);
  if (gone.size === 0) return null;
  const last = rows.findLastIndex((r) => gone.has(r.id));
  const after = rows.slice(last + 1).find((r) => !gone.has(r.id));
  return (after ?? rows.slice(0, last).findLast((r) => !gone.has(r.id)))?.id ?? null;
}

/** The table's caption and each column's sort state. */
export function selectSort(s: ListSnapshot) {
  const { sort, dir } = s.context.query;
  const column = s.context.spec.columns.find((c) => c.name === sort);
  return { field: sort, dir, caption: `${s.context.spec.label.many}, sorted by ${column?.label ?? sort} ${dir === 'asc' ? 'ascending' : 'descending'}` };
}

/** What a person holding `held` may do on a list guarded by `permissions` (the list machine's input). */
export const abilitiesFor = (held: ReadonlySet<string>, permissions: Pick<ResourceDef['permissions'], 'create' | 'edit' | 'delete' | 'export'>): ListAbilities => ({
  create: held.has(permissions.create),
  edit: held.has(permissions.edit),
  delete: held.has(permissions.delete),
  export: held.has(permissions.export),
});

/** For `useSelector`: row views are equal when every row shows the same thing. */
export const sameRowViews = (a: readonly RowView[], b: readonly RowView[]) =>
  a.length === b.length &&
  a.every((x, i) => {
    const y = b[i]!;
    return (
      x.row === y.row &&
      x.selected === y.selected &&
      x.selectable === y.selectable &&
      x.deletable === y.deletable &&
      x.deleting === y.deleting &&
      x.editable === y.editable
    );
  });

import type { SnapshotFrom } from 'xstate';
import { BULK_DELETE_MAX, hideableColumns, rangeKeys, savedQueryString } from '../../domain/list-query.ts';
import { recordName, recordTitle } from '../../domain/record-title.ts';
import { DELETE_CONFIRM, type ColumnDef, type FilterDef, type ResourceFacts, type ResourceList, type Row } from '../../domain/resource.ts';
import type { ListAbilities, listMachine } from './list.machine.ts';
import { canChoose, isChoosable } from './list.setup.ts';

/**
 * What a list screen shows, derived from the list machine's snapshot: which phase, which row
 * can be selected, deleted or opened (asked of the machine with `snapshot.can`), what the
 * question, the undo bar, the chips, the totals and the saved filters say. Views render this
 * and send events; they decide nothing.
 */
export type ListSnapshot = SnapshotFrom<typeof listMachine>;

export type ListPhase = 'loading' | 'failed' | 'empty' | 'rows';

export const selectPhase = (s: ListSnapshot): ListPhase =>
  s.matches({ data: 'loading' }) ? 'loading' : s.matches({ data: 'failed' }) ? 'failed' : s.matches({ data: 'empty' }) ? 'empty' : 'rows';

/** The name a row goes by in labels and messages ("Delete Acme Ltd"). */
export const rowTitle = (s: ListSnapshot, row: Row) => recordTitle(s.context.spec, row);

/** Where a row is in a delete: shown as usual, waiting for its undo window, or being deleted. */
export type RowDeleteState = 'shown' | 'doomed' | 'deleting';

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
  /** Why it cannot be deleted, from the server's row (else the list's general hint). */
  protectedReason: string | undefined;
  delete: RowDeleteState;
  /** The edit link is offered now (allowed, and no request is changing the list). */
  editable: boolean;
  /** A click on the row (or Enter on it) opens the record now. */
  openable: boolean;
  /** The record created just before the list opened. */
  created: boolean;
  /** The row the keyboard enters the table on (one row is in the tab order). */
  focusable: boolean;
}

/** What every row of one snapshot shares: the phase of a delete, a question open. */
interface RowPhase {
  undoing: boolean;
  deleting: boolean;
  confirming: boolean;
}
const rowPhaseOf = (s: ListSnapshot): RowPhase => ({
  undoing: s.matches({ data: { loaded: 'undoing' } }),
  deleting: s.matches({ data: { loaded: 'deleting' } }),
  confirming: s.matches({ data: { loaded: 'confirming' } }),
});

const deleteStateOf = (s: ListSnapshot, id: number, phase: RowPhase): RowDeleteState => {
  if (!s.context.pending.includes(id)) return 'shown';
  if (phase.undoing) return 'doomed';
  if (phase.deleting) return 'deleting';
  return 'shown';
};

function rowView(s: ListSnapshot, row: Row, focusable: boolean, hint: string | undefined, phase: RowPhase = rowPhaseOf(s)): RowView {
  const { selected, abilities, created } = s.context;
  const isProtected = row.protected === true;
  const deleteState = deleteStateOf(s, row.id, phase);
  return {
    row,
    title: rowTitle(s, row),
    selected: selected.includes(row.id),
    selectable: s.can({ type: 'row.toggle', id: row.id }),
    deletable: s.can({ type: 'row.delete', id: row.id }),
    protected: isProtected,
    protectedReason: isProtected ? (typeof row.protected_reason === 'string' ? row.protected_reason : hint) : undefined,
    delete: deleteState,
    // A row stays a link while the list loads, a delete waits out its undo window or reloads
    // after it (so the focus can rest on it), unless it is the one going or a question is open.
    editable: abilities.edit && deleteState === 'shown' && !phase.confirming,
    openable: s.can({ type: 'row.open', id: row.id }),
    created: created?.id === row.id,
    focusable,
  };
}

// Each row asks the machine three questions (snapshot.can), and each question walks every region
// of the list's parallel states: a snapshot's rows are worked out once, whoever draws them.
const rowsOfSnapshot = new WeakMap<ListSnapshot, { hint: string | undefined; rows: RowView[] }>();

export function selectRows(s: ListSnapshot, protectedHint?: string): RowView[] {
  const known = rowsOfSnapshot.get(s);
  if (known && known.hint === protectedHint) return known.rows;
  const { rows, cursor } = s.context;
  const entry = cursor !== null && rows.some((r) => r.id === cursor) ? cursor : rows[0]?.id;
  const phase = rowPhaseOf(s);
  const views = rows.map((row) => rowView(s, row, row.id === entry, protectedHint, phase));
  rowsOfSnapshot.set(s, { hint: protectedHint, rows: views });
  return views;
}

/** The record created just before: pinned above the rows when this page does not hold it. */
export function selectPinned(s: ListSnapshot): RowView | null {
  const { created, rows } = s.context;
  if (!created || rows.some((r) => r.id === created.id) || s.matches({ data: 'loading' }) || s.matches({ data: 'failed' })) return null;
  return { ...rowView(s, created, false, undefined), selectable: false, deletable: false, created: true };
}

/** The "select all on this page" box. */
export function selectAllBox(s: ListSnapshot) {
  const candidates = s.context.rows.filter(isChoosable(s.context));
  const all = candidates.length > 0 && candidates.every((r) => s.context.selected.includes(r.id));
  return { checked: all, indeterminate: !all && s.context.selected.length > 0, enabled: s.can({ type: 'rows.toggleAll' }) };
}

/** What the bar shown while rows are selected says and offers (Gmail's "select all N"). */
export function selectSelection(s: ListSnapshot) {
  const { selected, allMatching, meta, rows, abilities } = s.context;
  const page = rows.filter(isChoosable(s.context)).length;
  const total = meta?.total ?? 0;
  const wholePage = page > 0 && selected.length === page;
  return {
    count: allMatching ? total : selected.length,
    allMatching,
    total,
    /** Offer to select every record the query matches (the whole page is selected and there are more). */
    // Only a delete takes every match (the other bulk actions take the rows' ids).
    offerAll: abilities.delete && wholePage && !allMatching && total > page,
    canSelectAll: s.can({ type: 'selection.all' }),
    /** Why every matching record cannot be selected at once, when it cannot. */
    allLimit: total > BULK_DELETE_MAX ? `At most ${BULK_DELETE_MAX.toLocaleString('en-US')} can be deleted at a time; narrow the search or filters.` : null,
  };
}

export const selectAbilities = (s: ListSnapshot) => s.context.abilities;
/** Rows have a checkbox: a delete or another bulk action is this person's to take. */
export const selectCanChoose = (s: ListSnapshot) => canChoose(s.context);
/** The ids of the selected rows on this page (the bulk actions other than delete take them). */
export const selectSelectedIds = (s: ListSnapshot) => s.context.selected;
export const selectQuery = (s: ListSnapshot) => s.context.query;
export const selectFilters = (s: ListSnapshot) => s.context.query.filters;
export const selectSearchText = (s: ListSnapshot) => s.context.searchText;
export const selectError = (s: ListSnapshot) => s.context.error;
export const selectBusy = (s: ListSnapshot) => s.hasTag('busy');
export const selectExporting = (s: ListSnapshot) => s.hasTag('exporting');
/** The Export CSV button is shown only to who may export (the machine refuses the others). */
export const selectCanExport = (s: ListSnapshot) => s.context.abilities.export;
export const selectSelectedCount = (s: ListSnapshot) => (s.context.allMatching ? (s.context.meta?.total ?? 0) : s.context.selected.length);
export const selectCanBulkDelete = (s: ListSnapshot) => s.can({ type: 'rows.deleteSelected' });
/** A search or a filter narrows the list (the empty state then offers to clear them). */
export const selectFiltered = (s: ListSnapshot) => s.context.query.search !== '' || Object.keys(s.context.query.filters).length > 0;
/** A delete that failed, shown until dismissed. */
export const selectNotice = (s: ListSnapshot) => s.context.notice;

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

/** How the confirmed delete is named: "the customer “Acme”", "3 customers", "all 57 customers that match". */
function deleteWhat(s: ListSnapshot): string {
  const { pending, rows, spec, target } = s.context;
  if (target && 'matching' in target) return `all ${target.count} ${target.count === 1 ? spec.label.one : spec.label.many} that match this search and filters`;
  if (pending.length !== 1) return `${pending.length} ${spec.label.many}`;
  const row = rows.find((r) => r.id === pending[0]);
  const name = row ? recordName(spec, row) : null;
  return name ? `the ${spec.label.one} “${name}”` : `this ${spec.label.one}`;
}

/** SPEC §5's question before a delete, and what exactly it would delete. */
export function selectConfirmation(s: ListSnapshot) {
  return {
    open: s.matches({ data: { loaded: 'confirming' } }),
    title: DELETE_CONFIRM,
    description: `This deletes ${deleteWhat(s)}. You can undo it for a few seconds.`,
  };
}

/** The bar after a confirmed delete: what will go, Undo while it still can. */
export function selectUndo(s: ListSnapshot) {
  const undoing = s.matches({ data: { loaded: 'undoing' } });
  const deleting = s.matches({ data: { loaded: 'deleting' } });
  if (!undoing && !deleting) return null;
  const what = deleteWhat(s);
  return {
    text: undoing ? `${what.charAt(0).toUpperCase()}${what.slice(1)} will be deleted.` : `Deleting ${what}…`,
    canUndo: s.can({ type: 'delete.undo' }),
  };
}

/** Columns this person sees, in the definition's order. */
export function selectColumns(s: ListSnapshot): readonly ColumnDef[] {
  const { spec, hidden } = s.context;
  return hidden.length ? spec.columns.filter((c) => !hidden.includes(c.name)) : spec.columns;
}

/** The column chooser: every column but the one naming the record, ticked when shown. */
export function selectColumnChooser(s: ListSnapshot) {
  return hideableColumns(s.context.spec).map((c) => ({ name: c.name, label: c.label, shown: !s.context.hidden.includes(c.name) }));
}

/**
 * The row the keyboard carries on from once the rows being deleted are gone: the next one
 * after them, else the one before; null when none is left (focus the list itself).
 */
export function selectFocusAfterDelete(s: ListSnapshot): number | null {
  const { rows, pending } = s.context;
  const gone = new Set(pending);
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

/**
 * Totals of the shown money columns over everything the query matches, and how many that is;
 * a count column too when the server sums it (the stock list's units on hand).
 */
export function selectTotals(s: ListSnapshot) {
  const { totals, meta } = s.context;
  if (!totals || !meta || meta.total === 0) return null;
  const shown = selectColumns(s).filter((c) => (c.kind === 'money' || c.kind === 'number') && typeof totals[c.name] === 'number');
  if (shown.length === 0) return null;
  return { count: meta.total, values: Object.fromEntries(shown.map((c) => [c.name, totals[c.name]!])) as Record<string, number> };
}

/** The list's figures beyond its column sums (the sale list's `sales`), each with its value over the filter and its caption. */
export function selectFigures(s: ListSnapshot) {
  const { totals, meta, spec } = s.context;
  if (!totals || !meta || meta.total === 0 || !spec.figures) return [];
  return spec.figures.flatMap((f) => (typeof totals[f.name] === 'number' ? [{ ...f, value: totals[f.name]! }] : []));
}

/** One active search or filter, as a chip: removing it sends `remove`. */
export interface Chip {
  key: string;
  filter: FilterDef | null;
  label: string;
  /** The raw value (an id for a relation, ISO days for a range); the view names it. */
  value: string;
  /** For a date range: its ends ('' when open). */
  range?: { from: string; to: string };
  remove: { type: 'list.search.clear' } | { type: 'list.filter'; name: string; value: '' } | { type: 'list.range'; name: string; from: ''; to: '' };
}

export function selectChips(s: ListSnapshot): Chip[] {
  const { query, spec } = s.context;
  const out: Chip[] = [];
  if (query.search) out.push({ key: 'search', filter: null, label: 'Search', value: query.search, remove: { type: 'list.search.clear' } });
  for (const f of spec.filters) {
    if (f.kind === 'dateRange') {
      const k = rangeKeys(f.name);
      const from = query.filters[k.from] ?? '';
      const to = query.filters[k.to] ?? '';
      if (from || to) out.push({ key: f.name, filter: f, label: f.label, value: `${from}–${to}`, range: { from, to }, remove: { type: 'list.range', name: f.name, from: '', to: '' } });
      continue;
    }
    const v = query.filters[f.name];
    if (v) out.push({ key: f.name, filter: f, label: f.label, value: v, remove: { type: 'list.filter', name: f.name, value: '' } });
  }
  return out;
}

/** The saved filters menu: which one the list shows now, whether the current one can be saved. */
export function selectSaved(s: ListSnapshot) {
  const current = savedQueryString(s.context.spec, s.context.query);
  return {
    ready: s.matches({ settings: 'ready' }),
    failed: s.matches({ settings: 'failed' }),
    items: s.context.saved.map((f) => ({ id: f.id, name: f.name, active: f.query === current })),
    canSave: s.can({ type: 'saved.new' }),
    naming: s.matches({ saved: 'naming' }) || s.matches({ saved: 'saving' }),
    saving: s.hasTag('savingFilter'),
    error: s.context.savedError,
    removing: s.context.removing?.id ?? null,
  };
}

/** The date range inputs of a filter: its two ends from the query. */
export const selectRange = (name: string) => (s: ListSnapshot) => {
  const k = rangeKeys(name);
  return { from: s.context.query.filters[k.from] ?? '', to: s.context.query.filters[k.to] ?? '' };
};

/** What a person holding `held` may do on a list guarded by `permissions` (the list machine's input). */
export const abilitiesFor = (held: ReadonlySet<string>, permissions: Pick<ResourceFacts['permissions'], 'create' | 'edit' | 'delete' | 'export'>): ListAbilities => ({
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
      x.delete === y.delete &&
      x.editable === y.editable &&
      x.openable === y.openable &&
      x.created === y.created &&
      x.focusable === y.focusable
    );
  });

/** For `useSelector`: chips are equal when they name the same filters with the same values. */
export const sameChips = (a: readonly Chip[], b: readonly Chip[]) => a.length === b.length && a.every((x, i) => x.key === b[i]!.key && x.value === b[i]!.value);

/** For `useSelector`: the same items in the same order (shallowly). */
export const sameItems = <T extends object>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x, i) => Object.entries(x).every(([k, v]) => (b[i] as Record<string, unknown>)[k] === v));

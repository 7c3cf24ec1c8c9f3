import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { formatCount, type Display } from '../../../domain/format.ts';
import type { ColumnDef, Row } from '../../../domain/resource.ts';
import type { RowView } from '../../../machines/list/list.selectors.ts';
import { columnFit, type ColumnFlex, type ColumnStep } from './column-widths.ts';
import { ColumnCell, isNumeric, RowActions, rowHandlers, totalText, useRowsView } from './list-cells.tsx';
import { rowCheckboxId, rowTitleId } from '../../resources/dom-ids.ts';
import { useListScreen } from './list-context.ts';

// The rows are laid out as rows of boxes, not by the table algorithm (the element and its roles
// stay a table): each column's width is worked out from the page's values (column-widths.ts)
// and is the same in every row, so a row is drawn without measuring the others, and rows past
// the first screenful are not laid out or painted until they come near the screen
// (content-visibility). The table algorithm measures every cell of every row before it draws
// the first (issue 12's bench: the cost of a 100-row page's first frame).
// At least as wide as its rows can get: rows too wide for the box scroll sideways whole, borders
// and all. Each cell contains its inline size (rowClass), so a row's least width is the sum of its
// cells' least widths (a minor column that is hidden adds none): the browser works it out without
// reading the cells' text, and no script or style attribute sets it (a drawn page's first frame).
const tableClass = css({ display: 'block', w: 'full', minW: 'min-content', fontSize: 'sm' });
const groupClass = css({ display: 'block' });
// The header (and the totals) stay in view while the rows scroll between them: the table scrolls in its own box.
const headClass = css({ display: 'block', position: 'sticky', top: '0', zIndex: '1', bg: 'bg.subtle', boxShadow: 'inset 0 -1px 0 var(--colors-border-default)', color: 'fg.muted', textTransform: 'uppercase', fontSize: 'xs', letterSpacing: '0.04em' });
const footClass = css({ display: 'block', position: 'sticky', bottom: '0', zIndex: '1', bg: 'bg.subtle', boxShadow: 'inset 0 1px 0 var(--colors-border-default)', fontWeight: 'semibold' });
// One line per cell: long text is cut with an ellipsis (the full text is in the edit form). Set
// once on the row for all its cells, not on each cell: less markup for the server to write and
// the browser to read (a 100-row page: 310 kB of HTML, 343 kB as a table).
const rowClass = css({ display: 'flex', alignItems: 'center', '& > *': { px: '4', py: '2.5', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', contain: 'inline-size' } });
/**
 * Rows past the first eight (what the rows' box shows on a laptop) are laid out and painted only
 * when they come into view: those the box shows on a taller screen are drawn in the same frame.
 */
const bodyRowClass = css({
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _focusVisible: { outline: '2px solid var(--colors-primary-solid)', outlineOffset: '-2px' },
  transition: 'opacity 150ms',
  '&:nth-child(n+9)': { contentVisibility: 'auto', containIntrinsicSize: 'auto 2.625rem' },
});
/** A body row's look by its state: written once here, not worked out for every row drawn. */
const rowLook = {
  openable: css({ cursor: 'pointer' }),
  still: css({ cursor: 'default' }),
  created: css({ bg: 'primary.subtle', _hover: { bg: 'primary.subtle' } }),
  hover: css({ _hover: { bg: 'bg.hover' } }),
  shown: css({ opacity: 1 }),
  fading: css({ opacity: 0.55 }),
};
// A cell keeps its table-cell display, which a row of boxes lays out as a block; its width and
// how it gives way come from its column (each class sets its own least width).
const cellBase = css({ textAlign: 'start' });
const minorClass = { true: css({ display: { base: 'none', lg: 'table-cell' } }), wide: css({ display: 'none', '@media (min-width: 1536px)': { display: 'table-cell' } }) };
/** The class that drops a minor column on narrower screens (ColumnDef.minor). */
const minor = (c: ColumnDef) => (c.minor ? minorClass[c.minor === 'wide' ? 'wide' : 'true'] : undefined);
/** A class for each width a column may take (column-widths.ts), as --step: the styles are written out when building, not made when drawing. */
const stepClass = {
  3: css({ '--step': '3rem' }),
  '3.5': css({ '--step': '3.5rem' }),
  4: css({ '--step': '4rem' }),
  '4.5': css({ '--step': '4.5rem' }),
  5: css({ '--step': '5rem' }),
  '5.5': css({ '--step': '5.5rem' }),
  6: css({ '--step': '6rem' }),
  '6.5': css({ '--step': '6.5rem' }),
  7: css({ '--step': '7rem' }),
  '7.5': css({ '--step': '7.5rem' }),
  8: css({ '--step': '8rem' }),
  '8.5': css({ '--step': '8.5rem' }),
  9: css({ '--step': '9rem' }),
  '9.5': css({ '--step': '9.5rem' }),
  10: css({ '--step': '10rem' }),
  '10.5': css({ '--step': '10.5rem' }),
  11: css({ '--step': '11rem' }),
  '11.5': css({ '--step': '11.5rem' }),
  12: css({ '--step': '12rem' }),
  13: css({ '--step': '13rem' }),
  14: css({ '--step': '14rem' }),
  15: css({ '--step': '15rem' }),
  16: css({ '--step': '16rem' }),
  18: css({ '--step': '18rem' }),
  20: css({ '--step': '20rem' }),
  22: css({ '--step': '22rem' }),
} satisfies Record<ColumnStep, string>;
// A fixed column is its step wide; the title gives way down to 9rem, long words down to 6rem (column-widths.ts, ColumnFlex).
const flexClass = {
  fixed: css({ flex: 'none', w: 'var(--step)' }),
  words: css({ flex: '1 1 var(--step)', minW: '6rem' }),
  title: css({ flex: '2 1 var(--step)', minW: '9rem' }),
} satisfies Record<ColumnFlex, string>;

/** Each column's classes for this page: its width, how it gives way, whether narrow screens drop it, its alignment. */
function useColumnClasses(columns: readonly ColumnDef[], rows: readonly RowView[], title: ColumnDef | undefined, display: Display, foot: ReadonlyMap<ColumnDef, string>) {
  const { extras } = useListScreen();
  return useMemo(() => {
    const page = { rows, display, title, custom: (c: ColumnDef) => !!extras?.cells?.[c.name], customText: (c: ColumnDef, row: Row) => extras?.cellText?.[c.name]?.(row), foot: (c: ColumnDef) => foot.get(c) ?? '' };
    return new Map(
      columns.map((c) => {
        const { step, flex } = columnFit(c, page);
        return [c, cx(cellBase, stepClass[step], flexClass[flex], minor(c), isNumeric(c) && numeric)] as const;
      }),
    );
  }, [columns, rows, title, display, extras, foot]);
}
const selectCell = css({ flex: 'none', w: '3rem' });
/**
 * The actions column holds what every row may show (a 2rem button each, a link to the row's
 * children as a short word) whatever one row shows, so the columns line up.
 */
const actionsWidth = [
  [css({ flex: 'none', w: '2rem' }), css({ flex: 'none', w: '4rem' }), css({ flex: 'none', w: '6.25rem' })],
  [css({ flex: 'none', w: '7rem' }), css({ flex: 'none', w: '9.25rem' }), css({ flex: 'none', w: '11.5rem' })],
] as const;
const numeric = css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' });
const actionsEnd = css({ textAlign: 'end' });
const checkbox = css({ w: '4', h: '4', accentColor: 'var(--colors-primary-solid)', cursor: 'pointer', _disabled: { cursor: 'not-allowed' } });

/**
 * The rows as a table: sortable sticky headers, the columns this person chose, selection,
 * per-row actions and delete states, rows that open their record, the record just created
 * (pinned when its page is another) and the totals of money columns over the whole filter.
 */
export function ListTable() {
  const { def, actor, rows, pinned, columns, sort, all, can, choose, totals, display, titleColumn } = useRowsView();
  const box = useFitToWindow();
  // "Total of all N" goes under the first column that has no total and shows words (not a picture).
  const totalLabelAt = totals ? columns.find((c) => !(c.name in totals.values) && c.kind !== 'image') : undefined;
  const foot = useMemo(
    () =>
      new Map(
        columns.map((c) => {
          const value = totals?.values[c.name];
          const text = !totals ? '' : value !== undefined ? totalText(c, value, display) : c === totalLabelAt ? `Total of all ${formatCount(totals.count, display)}` : '';
          return [c, text] as const;
        }),
      ),
    [columns, totals, totalLabelAt, display],
  );
  const actions = actionsWidth[def.rowLinks?.length ? 1 : 0][((can.edit ? 1 : 0) + (can.delete ? 1 : 0)) as 0 | 1 | 2];
  const shown = useMemo(() => (pinned ? [pinned, ...rows] : rows), [pinned, rows]);
  const columnClass = useColumnClasses(columns, shown, titleColumn, display, foot);
  const cellOf = (c: ColumnDef) => columnClass.get(c) ?? cellBase;
  const shape = { columns, cellOf, actionsCell: cx(cellBase, actions, actionsEnd) };

  return (
    <div ref={box} className={css({ overflow: 'auto', minH: '12rem', maxH: 'calc(100dvh - 13rem)' })} tabIndex={-1}>
      <table role="table" className={tableClass}>
        <caption className={css({ srOnly: true })}>{sort.caption}</caption>
        <thead role="rowgroup" className={headClass}>
          <tr role="row" className={rowClass}>
            {choose ? (
              <th role="columnheader" scope="col" className={cx(cellBase, selectCell)}>
                <input
                  type="checkbox"
                  aria-label={`Select all ${def.label.many} on this page`}
                  checked={all.checked}
                  ref={(el) => {
                    if (el) el.indeterminate = all.indeterminate;
                  }}
                  disabled={!all.enabled}
                  onChange={() => actor.send({ type: 'rows.toggleAll' })}
                  className={checkbox}
                />
              </th>
            ) : null}
            {columns.map((c) => {
              const sorted = sort.field === c.name;
              return (
                <th
                  key={c.name}
                  role="columnheader"
                  scope="col"
                  aria-sort={sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cx(cellOf(c), css({ fontWeight: 'semibold' }))}
                >
                  {c.sortable ? (
                    <button
                      type="button"
                      onClick={() => actor.send({ type: 'list.sort', field: c.name })}
                      className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', maxW: 'full', textTransform: 'inherit', letterSpacing: 'inherit', fontWeight: 'inherit', color: sorted ? 'fg.default' : 'inherit', cursor: 'pointer', borderRadius: 'sm', _hover: { color: 'fg.default' } })}
                    >
                      {c.label}
                      <span aria-hidden>{sorted ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  ) : c.kind === 'image' ? (
                    <span className={css({ srOnly: true })}>{c.label}</span>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
            <th role="columnheader" scope="col" className={cx(cellBase, actions)}>
              <span className={css({ srOnly: true })}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={groupClass}>
          {pinned ? <TableRow view={pinned} pinned shape={shape} titleColumn={titleColumn} display={display} showSelect={choose} showEdit={can.edit} showDelete={false} /> : null}
          {rows.map((r) => (
            <TableRow key={r.row.id} view={r} shape={shape} titleColumn={titleColumn} display={display} showSelect={choose} showEdit={can.edit} showDelete={can.delete} />
          ))}
        </tbody>
        {totals ? (
          <tfoot role="rowgroup" className={footClass}>
            <tr role="row" className={rowClass}>
              {choose ? <td role="cell" className={cx(cellBase, selectCell)} /> : null}
              {columns.map((c) => (
                <td key={c.name} role="cell" className={cellOf(c)}>
                  {c.name in totals.values ? <span aria-label={`Total ${c.label.toLowerCase()} of all ${formatCount(totals.count, display)}: ${foot.get(c)}`}>{foot.get(c)}</span> : foot.get(c)}
                </td>
              ))}
              <td role="cell" className={cx(cellBase, actions)} />
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** The least the rows' box keeps on a short window (about three rows between header and totals). */
const MIN_BOX_PX = 192;

/**
 * The rows' box is as tall as the window leaves it: its top where the toolbar and chips end, its
 * bottom above what follows it (the pages, the main area's padding, the sticky footer), so the
 * header, the totals and the pages are on screen together at the top of the page. Layout only:
 * measured again when the list's card or the window changes size.
 */
function useFitToWindow() {
  const ref = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    const card = box?.closest<HTMLElement>('[data-list-region]');
    if (!box || !card) return;
    const fit = () => {
      const main = box.closest('main');
      const footer = document.querySelector('footer');
      const b = box.getBoundingClientRect();
      const top = b.top + window.scrollY;
      const after = card.getBoundingClientRect().bottom - b.bottom + (main ? parseFloat(getComputedStyle(main).paddingBottom) : 0) + (footer?.offsetHeight ?? 0);
      const max = `${Math.max(MIN_BOX_PX, Math.floor(window.innerHeight - top - after))}px`;
      if (box.style.maxHeight !== max) box.style.maxHeight = max;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(card);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, []);
  return ref;
}

interface TableRowProps {
  view: RowView;
  /** The record just created, shown above a page that does not hold it. */
  pinned?: boolean;
  /** The columns, each cell's class (its width from the page) and the actions cell's. */
  shape: { columns: readonly ColumnDef[]; cellOf: (c: ColumnDef) => string; actionsCell: string };
  titleColumn: ColumnDef | undefined;
  display: Display;
  showSelect: boolean;
  showEdit: boolean;
  showDelete: boolean;
}

function TableRow({ view, pinned = false, shape, titleColumn, display, showSelect, showEdit, showDelete }: TableRowProps) {
  const { def, parentId, actor } = useListScreen();
  const { row, title } = view;
  return (
    <tr
      role="row"
      data-row={row.id}
      tabIndex={showEdit ? (view.focusable ? 0 : -1) : undefined}
      aria-busy={view.delete === 'deleting' || undefined}
      aria-current={view.created || undefined}
      {...rowHandlers(actor, view)}
      className={cx(rowClass, bodyRowClass, view.openable ? rowLook.openable : rowLook.still, view.created ? rowLook.created : rowLook.hover, view.delete === 'shown' ? rowLook.shown : rowLook.fading)}
    >
      {showSelect ? (
        <td role="cell" className={cx(cellBase, selectCell)}>
          {pinned ? null : (
            <input
              type="checkbox"
              id={rowCheckboxId(def.key, row.id)}
              aria-label={`Select ${title}`}
              checked={view.selected}
              disabled={!view.selectable}
              onChange={() => actor.send({ type: 'row.toggle', id: row.id })}
              className={checkbox}
            />
          )}
        </td>
      ) : null}
      {shape.columns.map((c) => (
        <td key={c.name} role="cell" className={shape.cellOf(c)}>
          <ColumnCell view={view} column={c} titleColumn={titleColumn} display={display} showEdit={showEdit} linkId={pinned ? undefined : rowTitleId(def.key, row.id)} />
        </td>
      ))}
      <td role="cell" className={shape.actionsCell}>
        <RowActions view={view} def={def} parentId={parentId} actor={actor} showEdit={showEdit} showDelete={showDelete} />
      </td>
    </tr>
  );
}

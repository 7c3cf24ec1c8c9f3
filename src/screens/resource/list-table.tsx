import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { useLayoutEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { formatCount, type Display } from '../../../domain/format.ts';
import type { ColumnDef } from '../../../domain/resource.ts';
import type { RowView } from '../../../machines/list/list.selectors.ts';
import { ColumnCell, isNumeric, RowActions, rowHandlers, totalText, useRowsView } from './list-cells.tsx';
import { rowCheckboxId, rowTitleId } from '../../resources/dom-ids.ts';
import { useListScreen } from './list-context.ts';

// One line per row: long text is cut with an ellipsis (the full text is in the edit form).
const cellBase = css({ px: '4', py: '2.5', textAlign: 'start', verticalAlign: 'middle', borderBottomWidth: '1px', borderColor: 'border.default', whiteSpace: 'nowrap', maxW: '22rem', overflow: 'hidden', textOverflow: 'ellipsis' });
const minorClass = { true: css({ display: { base: 'none', lg: 'table-cell' } }), wide: css({ display: 'none', '@media (min-width: 1536px)': { display: 'table-cell' } }) };
/**
 * The title column takes the room the others leave and cuts a long title short (the classic
 * width 100% / max-width 0 pair), down to 10rem: a long product name no longer pushes the row
 * actions out of the card.
 */
const titleClass = css({ w: 'full', maxW: '0', minW: '10rem' });
/** The class that drops a minor column on narrower screens (ColumnDef.minor). */
const minor = (c: ColumnDef) => (c.minor ? minorClass[c.minor === 'wide' ? 'wide' : 'true'] : undefined);
const numeric = css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' });
const checkbox = css({ w: '4', h: '4', accentColor: 'var(--colors-primary-solid)', cursor: 'pointer', _disabled: { cursor: 'not-allowed' } });
// The header (and the totals) stay in view while the rows scroll between them: the table scrolls in its own box.
const headCell = css({ position: 'sticky', top: '0', zIndex: '1', bg: 'bg.subtle', boxShadow: 'inset 0 -1px 0 var(--colors-border-default)' });
const footCell = css({ position: 'sticky', bottom: '0', zIndex: '1', bg: 'bg.subtle', borderBottomWidth: '0', boxShadow: 'inset 0 1px 0 var(--colors-border-default)' });

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

  return (
    <div ref={box} className={css({ overflow: 'auto', minH: '12rem', maxH: 'calc(100dvh - 13rem)' })} tabIndex={-1}>
      <table className={css({ w: 'full', borderCollapse: 'separate', borderSpacing: '0', fontSize: 'sm' })}>
        <caption className={css({ srOnly: true })}>{sort.caption}</caption>
        <thead className={css({ color: 'fg.muted', textTransform: 'uppercase', fontSize: 'xs', letterSpacing: '0.04em' })}>
          <tr>
            {choose ? (
              <th scope="col" className={cx(cellBase, headCell, css({ w: '12' }))}>
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
                  scope="col"
                  aria-sort={sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cx(cellBase, headCell, minor(c), c === titleColumn && titleClass, isNumeric(c) && numeric, css({ fontWeight: 'semibold', whiteSpace: 'nowrap' }))}
                >
                  {c.sortable ? (
                    <button
                      type="button"
                      onClick={() => actor.send({ type: 'list.sort', field: c.name })}
                      className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', textTransform: 'inherit', letterSpacing: 'inherit', fontWeight: 'inherit', color: sorted ? 'fg.default' : 'inherit', cursor: 'pointer', borderRadius: 'sm', _hover: { color: 'fg.default' } })}
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
            <th scope="col" className={cx(cellBase, headCell, css({ textAlign: 'end' }))}>
              <span className={css({ srOnly: true })}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pinned ? <TableRow view={pinned} pinned columns={columns} titleColumn={titleColumn} display={display} showSelect={choose} showEdit={can.edit} showDelete={false} /> : null}
          {rows.map((r) => (
            <TableRow key={r.row.id} view={r} columns={columns} titleColumn={titleColumn} display={display} showSelect={choose} showEdit={can.edit} showDelete={can.delete} />
          ))}
        </tbody>
        {totals ? (
          <tfoot>
            <tr className={css({ fontWeight: 'semibold' })}>
              {choose ? <td className={cx(cellBase, footCell)} /> : null}
              {columns.map((c) => (
                <td key={c.name} className={cx(cellBase, footCell, minor(c), isNumeric(c) && numeric)}>
                  {c.name in totals.values ? (
                    <span aria-label={`Total ${c.label.toLowerCase()} of all ${formatCount(totals.count, display)}: ${totalText(c, totals.values[c.name]!, display)}`}>
                      {totalText(c, totals.values[c.name]!, display)}
                    </span>
                  ) : c === totalLabelAt ? (
                    `Total of all ${formatCount(totals.count, display)}`
                  ) : null}
                </td>
              ))}
              <td className={cx(cellBase, footCell)} />
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
  columns: readonly ColumnDef[];
  titleColumn: ColumnDef | undefined;
  display: Display;
  showSelect: boolean;
  showEdit: boolean;
  showDelete: boolean;
}

function TableRow({ view, pinned = false, columns, titleColumn, display, showSelect, showEdit, showDelete }: TableRowProps) {
  const { def, parentId, actor } = useListScreen();
  const { row, title } = view;
  return (
    <tr
      data-row={row.id}
      tabIndex={showEdit ? (view.focusable ? 0 : -1) : undefined}
      aria-busy={view.delete === 'deleting' || undefined}
      aria-current={view.created || undefined}
      {...rowHandlers(actor, view)}
      className={css({
        cursor: view.openable ? 'pointer' : 'default',
        bg: view.created ? 'primary.subtle' : undefined,
        _hover: { bg: view.created ? 'primary.subtle' : 'bg.hover' },
        _focusVisible: { outline: '2px solid var(--colors-primary-solid)', outlineOffset: '-2px' },
        opacity: view.delete === 'shown' ? 1 : 0.55,
        transition: 'opacity 150ms',
      })}
    >
      {showSelect ? (
        <td className={cellBase}>
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
      {columns.map((c) => (
        <td key={c.name} className={cx(cellBase, minor(c), c === titleColumn && titleClass, isNumeric(c) && numeric)}>
          <ColumnCell view={view} column={c} titleColumn={titleColumn} display={display} showEdit={showEdit} linkId={pinned ? undefined : rowTitleId(def.key, row.id)} />
        </td>
      ))}
      <td className={cx(cellBase, css({ textAlign: 'end', whiteSpace: 'nowrap' }))}>
        <RowActions view={view} def={def} parentId={parentId} actor={actor} showEdit={showEdit} showDelete={showDelete} />
      </td>
    </tr>
  );
}

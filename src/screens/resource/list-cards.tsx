import { shallowEqual, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { formatCount, type Display } from '../../../domain/format.ts';
import type { ColumnDef } from '../../../domain/resource.ts';
import { selectAbilities, selectCanChoose, type RowView } from '../../../machines/list/list.selectors.ts';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Cell, ColumnCell, RowActions, rowHandlers, totalText, useRowsView } from './list-cells.tsx';
import { rowCheckboxId, rowTitleId } from '../../resources/dom-ids.ts';
import { useListScreen } from './list-context.ts';

const checkbox = css({ w: '5', h: '5', accentColor: 'var(--colors-primary-solid)', cursor: 'pointer', flexShrink: 0, _disabled: { cursor: 'not-allowed' } });
const control = css({ h: '9', px: '2', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.surface', color: 'fg.default', fontSize: 'sm', minW: '0' });

/**
 * The rows on a phone, as react-admin's mobile list shows them: one card per record with its
 * title, key fields, status and actions. The sort, the select-all box and the totals that the
 * table's header and footer carry sit above the cards. Nothing is wider than the screen.
 */
export function ListCards() {
  const { def, actor, rows, pinned, columns, sort, all, choose, totals, display, titleColumn } = useRowsView();
  const sortable = def.columns.filter((c) => c.sortable);
  const sortLabel = def.columns.find((c) => c.name === sort.field)?.label ?? sort.field;

  return (
    <div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', px: '4', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm' })}>
        {choose && rows.length ? (
          <label className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
            <input
              type="checkbox"
              checked={all.checked}
              ref={(el) => {
                if (el) el.indeterminate = all.indeterminate;
              }}
              disabled={!all.enabled}
              onChange={() => actor.send({ type: 'rows.toggleAll' })}
              className={checkbox}
              aria-label={`Select all ${def.label.many} on this page`}
            />
            <span aria-hidden>All</span>
          </label>
        ) : null}
        {sortable.length ? (
          <div className={css({ display: 'flex', alignItems: 'center', gap: '1', ms: 'auto', minW: '0' })}>
            <label className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', minW: '0', color: 'fg.muted' })}>
              Sort by
              <select value={sort.field} onChange={(e) => actor.send({ type: 'list.sort', field: e.currentTarget.value })} className={control}>
                {sortable.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
            <IconButton
              icon={sort.dir === 'asc' ? 'chevron-up' : 'chevron-down'}
              size="sm"
              aria-label={`${sortLabel}, ${sort.dir === 'asc' ? 'ascending' : 'descending'}: reverse the order`}
              onClick={() => actor.send({ type: 'list.sort', field: sort.field })}
            />
          </div>
        ) : null}
      </div>
      {totals ? (
        <p className={css({ px: '4', py: '2', bg: 'bg.subtle', fontSize: 'sm', fontWeight: 'semibold', borderBottomWidth: '1px', borderColor: 'border.default' })}>
          {columns
            .filter((c) => c.name in totals.values)
            .map((c) => `${c.label}: ${totalText(c, totals.values[c.name]!, display)}`)
            .join(' · ')}{' '}
          <span className={css({ fontWeight: 'normal', color: 'fg.muted' })}>(total of all {formatCount(totals.count, display)})</span>
        </p>
      ) : null}
      <ul aria-label={sort.caption} className={css({ listStyle: 'none', m: '0', p: '0' })}>
        {pinned ? <RecordCard view={pinned} pinned columns={columns} titleColumn={titleColumn} display={display} /> : null}
        {rows.map((r) => (
          <RecordCard key={r.row.id} view={r} columns={columns} titleColumn={titleColumn} display={display} />
        ))}
      </ul>
    </div>
  );
}

function RecordCard({ view, pinned = false, columns, titleColumn, display }: { view: RowView; pinned?: boolean; columns: readonly ColumnDef[]; titleColumn: ColumnDef | undefined; display: Display }) {
  const { def, parentId, actor } = useListScreen();
  const can = useSelector(actor, selectAbilities, shallowEqual);
  const choose = useSelector(actor, selectCanChoose);
  const { row, title } = view;
  const image = columns.find((c) => c.kind === 'image');
  const status = columns.find((c) => c.kind === 'status');
  const fields = columns.filter((c) => c !== titleColumn && c !== image && c !== status);
  return (
    <li
      data-row={row.id}
      tabIndex={can.edit ? (view.focusable ? 0 : -1) : undefined}
      aria-busy={view.delete === 'deleting' || undefined}
      aria-current={view.created || undefined}
      {...rowHandlers(actor, view)}
      className={css({
        display: 'grid',
        gap: '2',
        px: '4',
        py: '3',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        cursor: view.openable ? 'pointer' : 'default',
        bg: view.created ? 'primary.subtle' : undefined,
        opacity: view.delete === 'shown' ? 1 : 0.55,
        minW: '0',
        _focusVisible: { outline: '2px solid var(--colors-primary-solid)', outlineOffset: '-2px' },
      })}
    >
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' })}>
        {choose && !pinned ? (
          <input
            type="checkbox"
            id={pinned ? undefined : rowCheckboxId(def.key, row.id)}
            aria-label={`Select ${title}`}
            checked={view.selected}
            disabled={!view.selectable}
            onChange={() => actor.send({ type: 'row.toggle', id: row.id })}
            className={checkbox}
          />
        ) : null}
        {image ? <Cell column={image} value={row[image.name]} display={display} /> : null}
        <div className={css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 'md' })}>
          {titleColumn ? <ColumnCell view={view} column={titleColumn} titleColumn={titleColumn} display={display} showEdit={can.edit} linkId={pinned ? undefined : rowTitleId(def.key, row.id)} /> : title}
        </div>
        {status ? <Cell column={status} value={row[status.name]} display={display} /> : null}
      </div>
      {fields.length ? (
        <dl className={css({ display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) minmax(0, 1fr)', columnGap: '3', rowGap: '1', fontSize: 'sm', m: '0' })}>
          {fields.map((c) => (
            <div key={c.name} className={css({ display: 'contents' })}>
              <dt className={css({ color: 'fg.muted' })}>{c.label}</dt>
              <dd className={css({ m: '0', minW: '0', overflowWrap: 'anywhere' })}>
                <ColumnCell view={view} column={c} titleColumn={titleColumn} display={display} showEdit={can.edit} linkId={undefined} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className={css({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
        <RowActions view={view} def={def} parentId={parentId} actor={actor} showEdit={can.edit} showDelete={can.delete && !pinned} />
      </div>
    </li>
  );
}

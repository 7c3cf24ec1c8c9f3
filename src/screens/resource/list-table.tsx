import { shallowEqual, useSelector } from '@xstate/react';
import { css, cx } from 'styled-system/css';
import { formatCell } from '../../../domain/format.ts';
import { resourceHref } from '../../../domain/paths.ts';
import type { ColumnDef } from '../../../domain/resource.ts';
import { resourceByKey } from '../../../domain/resources/index.ts';
import { sameRowViews, selectAbilities, selectAllBox, selectRows, selectSort, type RowView } from '../../../machines/list/list.selectors.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { rowCheckboxId, rowTitleId } from '../../resources/dom-ids.ts';
import { useListScreen } from './list-context.ts';

// One line per row: long text is cut with an ellipsis (the full text is in the edit form).
const cellBase = css({ px: '4', py: '2.5', textAlign: 'start', verticalAlign: 'middle', borderBottomWidth: '1px', borderColor: 'border.default', whiteSpace: 'nowrap', maxW: '22rem', overflow: 'hidden', textOverflow: 'ellipsis' });
const minor = css({ display: { base: 'none', lg: 'table-cell' } });
const numeric = css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' });
const isNumeric = (c: ColumnDef) => c.kind === 'money' || c.kind === 'number' || c.kind === 'percent';
const checkbox = css({ w: '4', h: '4', accentColor: 'var(--colors-primary-solid)', cursor: 'pointer', _disabled: { cursor: 'not-allowed' } });
const titleLink = css({ fontWeight: 'medium', color: 'primary.fg', _hover: { textDecoration: 'underline' } });

/** The rows, with sortable headers, selection, per-row actions and the per-row deleting state. */
export function ListTable() {
  const { def, actor, extras } = useListScreen();
  const rows = useSelector(actor, selectRows, sameRowViews);
  const sort = useSelector(actor, selectSort, shallowEqual);
  const all = useSelector(actor, selectAllBox, shallowEqual);
  const can = useSelector(actor, selectAbilities, shallowEqual);

  return (
    <div className={css({ overflowX: 'auto' })}>
      <table className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })}>
        <caption className={css({ srOnly: true })}>{sort.caption}</caption>
        <thead className={css({ bg: 'bg.subtle', color: 'fg.muted', textTransform: 'uppercase', fontSize: 'xs', letterSpacing: '0.04em' })}>
          <tr>
            {can.delete ? (
              <th scope="col" className={cx(cellBase, css({ w: '12' }))}>
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
            {extras?.leading ? (
              <th scope="col" className={cx(cellBase, css({ w: '14' }))}>
                <span className={css({ srOnly: true })}>{extras.leading.label}</span>
              </th>
            ) : null}
            {def.columns.map((c) => {
              const sorted = sort.field === c.name;
              return (
                <th
                  key={c.name}
                  scope="col"
                  aria-sort={sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cx(cellBase, c.minor && minor, isNumeric(c) && numeric, css({ fontWeight: 'semibold', whiteSpace: 'nowrap' }))}
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
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
            <th scope="col" className={cx(cellBase, css({ textAlign: 'end' }))}>
              <span className={css({ srOnly: true })}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <TableRow key={r.row.id} view={r} showSelect={can.delete} showEdit={can.edit} showDelete={can.delete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TableRow({ view, showSelect, showEdit, showDelete }: { view: RowView; showSelect: boolean; showEdit: boolean; showDelete: boolean }) {
  const { def, parentId, actor, extras } = useListScreen();
  const { row, title } = view;
  const editHref = resourceHref.edit(def, row.id, { parent: parentId });
  const titleHref = extras?.titleHref?.(row);
  const custom = extras?.cells ?? {};
  return (
    <tr aria-busy={view.deleting || undefined} className={css({ _hover: { bg: 'bg.hover' }, opacity: view.deleting ? 0.55 : 1, transition: 'opacity 150ms' })}>
      {showSelect ? (
        <td className={cellBase}>
          <input
            type="checkbox"
            id={rowCheckboxId(def.key, row.id)}
            aria-label={`Select ${title}`}
            checked={view.selected}
            disabled={!view.selectable}
            onChange={() => actor.send({ type: 'row.toggle', id: row.id })}
            className={checkbox}
          />
        </td>
      ) : null}
      {extras?.leading ? <td className={cx(cellBase, css({ py: '1.5' }))}>{extras.leading.render(row)}</td> : null}
      {def.columns.map((c, i) => (
        <td key={c.name} className={cx(cellBase, c.minor && minor, isNumeric(c) && numeric)}>
          {i === 0 && (titleHref || showEdit) ? (
            <AppLink href={titleHref ?? editHref} id={rowTitleId(def.key, row.id)} className={titleLink}>
              <Cell column={c} value={row[c.name]} />
            </AppLink>
          ) : custom[c.name] ? (
            custom[c.name]!(row)
          ) : (
            <Cell column={c} value={row[c.name]} />
          )}
        </td>
      ))}
      <td className={cx(cellBase, css({ textAlign: 'end', whiteSpace: 'nowrap' }))}>
        {view.deleting ? (
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted' })}>
            <Spinner size="sm" />
            Deleting…
          </span>
        ) : (
          <span className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
            {(def.rowLinks ?? []).map((l) => (
              <Button key={l.label} asChild variant="ghost" size="sm">
                <AppLink href={resourceHref.list(resourceByKey(l.resource), { parent: row.id })}>{l.label}</AppLink>
              </Button>
            ))}
            {showEdit ? (
              view.editable ? (
                <Button asChild variant="ghost" tone="neutral" square size="sm">
                  <AppLink href={editHref} aria-label={`Edit ${title}`}>
                    <Icon name="edit" />
                  </AppLink>
                </Button>
              ) : (
                <IconButton icon="edit" aria-label={`Edit ${title}`} size="sm" disabled />
              )
            ) : null}
            {showDelete ? (
              <IconButton
                icon="trash"
                tone="error"
                aria-label={view.protected ? `${title} cannot be deleted` : `Delete ${title}`}
                title={view.protected ? def.protectedHint : undefined}
                size="sm"
                disabled={!view.deletable}
                onClick={() => actor.send({ type: 'row.delete', id: row.id })}
              />
            ) : null}
          </span>
        )}
      </td>
    </tr>
  );
}

function Cell({ column, value }: { column: ColumnDef; value: unknown }) {
  if (column.kind === 'status' && value !== null && value !== undefined) {
    const on = value === true || value === 'active';
    return <Badge tone={on ? 'success' : 'neutral'}>{formatCell('status', value)}</Badge>;
  }
  if (column.kind === 'colour' && typeof value === 'string') {
    return (
      <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontFamily: 'mono' })}>
        <span aria-hidden className={css({ w: '5', h: '5', borderRadius: 'md', borderWidth: '1px', borderColor: 'border.strong' })} style={{ background: value }} />
        {value}
      </span>
    );
  }
  if (column.kind === 'tags' && Array.isArray(value)) {
    return (
      <span className={css({ display: 'inline-flex', flexWrap: 'wrap', gap: '1' })}>
        {value.map((t) => (
          <Badge key={String(t)} tone="primary">
            {String(t)}
          </Badge>
        ))}
      </span>
    );
  }
  const text = formatCell(column.kind, value);
  return text === '' ? <span className={css({ color: 'fg.muted' })} aria-label="empty">—</span> : <>{text}</>;
}

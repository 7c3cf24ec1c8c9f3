import { useSelector } from '@xstate/react';
import { css, cx } from 'styled-system/css';
import { formatCell } from '../../../domain/format.ts';
import { editPath, type ColumnDef, type ResourceDef, type Row } from '../../../domain/resource.ts';
import { useNavigate } from '../../app/router.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { adminPath } from '../../resources/actors.ts';
import type { ListAbilities, ListActor } from './list-view.tsx';

// One line per row: long text is cut with an ellipsis (the full text is in the edit form).
const cellBase = css({ px: '4', py: '2.5', textAlign: 'start', verticalAlign: 'middle', borderBottomWidth: '1px', borderColor: 'border.default', whiteSpace: 'nowrap', maxW: '22rem', overflow: 'hidden', textOverflow: 'ellipsis' });
const minor = css({ display: { base: 'none', lg: 'table-cell' } });
const numeric = css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' });
const isNumeric = (c: ColumnDef) => c.kind === 'money' || c.kind === 'number' || c.kind === 'percent';

/** The rows, with sortable headers, selection, per-row actions and the per-row deleting state. */
export function ListTable({ def, parentId, actor, can }: { def: ResourceDef; parentId: string | undefined; actor: ListActor; can: ListAbilities }) {
  const rows = useSelector(actor, (s) => s.context.rows);
  const query = useSelector(actor, (s) => s.context.query);
  const selected = useSelector(actor, (s) => s.context.selected);
  const deleting = useSelector(actor, (s) => s.context.deleting);
  const idle = useSelector(actor, (s) => s.matches({ data: { loaded: 'idle' } }));
  const navigate = useNavigate();
  const selectable = rows.filter((r) => r.protected !== true);
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.includes(r.id));
  const someSelected = !allSelected && selected.length > 0;
  const editHref = (row: Row) => adminPath(editPath(def), { parent: parentId, id: row.id });

  return (
    <div className={css({ overflowX: 'auto' })}>
      <table className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })}>
        <caption className={css({ srOnly: true })}>
          {def.label.many}, sorted by {def.columns.find((c) => c.name === query.sort)?.label ?? query.sort} {query.dir === 'asc' ? 'ascending' : 'descending'}
        </caption>
        <thead className={css({ bg: 'bg.subtle', color: 'fg.muted', textTransform: 'uppercase', fontSize: 'xs', letterSpacing: '0.04em' })}>
          <tr>
            {can.delete ? (
              <th scope="col" className={cx(cellBase, css({ w: '12' }))}>
                <input
                  type="checkbox"
                  aria-label={`Select all ${def.label.many} on this page`}
                  checked={allSelected}
                  ref={(el) => {
                    if (el) el.indeterminate = someSelected;
                  }}
                  disabled={!idle || selectable.length === 0}
                  onChange={() => actor.send({ type: 'rows.toggleAll' })}
                  className={checkbox}
                />
              </th>
            ) : null}
            {def.columns.map((c) => {
              const sorted = query.sort === c.name;
              return (
                <th
                  key={c.name}
                  scope="col"
                  aria-sort={sorted ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cx(cellBase, c.minor && minor, isNumeric(c) && numeric, css({ fontWeight: 'semibold', whiteSpace: 'nowrap' }))}
                >
                  {c.sortable ? (
                    <button
                      type="button"
                      onClick={() => actor.send({ type: 'list.sort', field: c.name })}
                      className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', textTransform: 'inherit', letterSpacing: 'inherit', fontWeight: 'inherit', color: sorted ? 'fg.default' : 'inherit', cursor: 'pointer', borderRadius: 'sm', _hover: { color: 'fg.default' } })}
                    >
                      {c.label}
                      <span aria-hidden>{sorted ? (query.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
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
          {rows.map((row) => {
            const isDeleting = deleting.includes(row.id);
            const title = String(row[def.titleField] ?? `#${row.id}`);
            return (
              <tr
                key={row.id}
                aria-busy={isDeleting || undefined}
                className={css({ _hover: { bg: 'bg.hover' }, opacity: isDeleting ? 0.55 : 1, transition: 'opacity 150ms' })}
              >
                {can.delete ? (
                  <td className={cellBase}>
                    <input
                      type="checkbox"
                      aria-label={`Select ${title}`}
                      checked={selected.includes(row.id)}
                      disabled={!idle || row.protected === true}
                      onChange={() => actor.send({ type: 'row.toggle', id: row.id })}
                      className={checkbox}
                    />
                  </td>
                ) : null}
                {def.columns.map((c, i) => (
                  <td key={c.name} className={cx(cellBase, c.minor && minor, isNumeric(c) && numeric)}>
                    {i === 0 && can.edit ? (
                      <a
                        href={editHref(row)}
                        onClick={(e) => {
                          e.preventDefault();
                          navigate(editHref(row));
                        }}
                        className={css({ fontWeight: 'medium', color: 'primary.fg', _hover: { textDecoration: 'underline' } })}
                      >
                        <Cell column={c} value={row[c.name]} />
                      </a>
                    ) : (
                      <Cell column={c} value={row[c.name]} />
                    )}
                  </td>
                ))}
                <td className={cx(cellBase, css({ textAlign: 'end', whiteSpace: 'nowrap' }))}>
                  {isDeleting ? (
                    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted' })}>
                      <Spinner size="sm" />
                      Deleting…
                    </span>
                  ) : (
                    <span className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
                      {(def.rowLinks ?? []).map((l) => {
                        const href = `/admin${l.to.replace('{id}', String(row.id))}`;
                        return (
                          <Button key={l.label} asChild variant="ghost" size="sm">
                            <a href={href} onClick={(e) => { e.preventDefault(); navigate(href); }}>
                              {l.label}
                            </a>
                          </Button>
                        );
                      })}
                      {can.edit ? (
                        <IconButton icon="edit" aria-label={`Edit ${title}`} size="sm" disabled={!idle} onClick={() => navigate(editHref(row))} />
                      ) : null}
                      {can.delete ? (
                        <IconButton
                          icon="trash"
                          tone="error"
                          aria-label={row.protected === true ? `${title} cannot be deleted` : `Delete ${title}`}
                          title={row.protected === true ? def.protectedHint : undefined}
                          size="sm"
                          disabled={!idle || row.protected === true}
                          onClick={() => actor.send({ type: 'row.delete', id: row.id })}
                        />
                      ) : null}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const checkbox = css({ w: '4', h: '4', accentColor: 'var(--colors-primary-solid)', cursor: 'pointer', _disabled: { cursor: 'not-allowed' } });

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

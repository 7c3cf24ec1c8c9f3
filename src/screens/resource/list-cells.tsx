import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { useCallback, useId, type KeyboardEvent, type MouseEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { css } from 'styled-system/css';
import { formatCell, type Display } from '../../../domain/format.ts';
import { adminHref, resourceHref } from '../../../domain/paths.ts';
import type { ColumnDef, ResourceList, RowLink } from '../../../domain/resource.ts';
import { resourceByKey } from '../../../domain/resources/index.ts';
import {
  sameRowViews,
  selectAbilities,
  selectAllBox,
  selectCanChoose,
  selectColumns,
  selectPinned,
  selectRows,
  selectSort,
  selectTotals,
  type RowView,
} from '../../../machines/list/list.selectors.ts';
import { useDisplay } from '../../app/display.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SimpleTooltip } from '../../components/ui/tooltip.tsx';
import { useListScreen, type ListActor } from './list-context.ts';

/** What the table and the cards share: how a value looks, a row's actions, opening a row. */

export const isNumeric = (c: ColumnDef) => c.kind === 'money' || c.kind === 'number' || c.kind === 'percent';

/** The column whose cell links to the record: the one that names it, else the first shown. */
export const titleColumnOf = (def: Pick<ResourceList, 'titleField'>, columns: readonly ColumnDef[]) =>
  columns.find((c) => c.name === def.titleField) ?? columns.find((c) => c.kind !== 'image') ?? columns[0];

/** The list's view model both layouts draw: rows, the pinned new record, columns, sort, selection, rights, totals. */
export function useRowsView() {
  const { def, actor } = useListScreen();
  // One selector per list, so a render with the same snapshot reuses its rows.
  const rowsOf = useCallback((s: SnapshotFrom<typeof actor>) => selectRows(s, def.protectedHint), [def.protectedHint]);
  const columns = useSelector(actor, selectColumns);
  return {
    def,
    actor,
    rows: useSelector(actor, rowsOf, sameRowViews),
    pinned: useSelector(actor, selectPinned),
    columns,
    sort: useSelector(actor, selectSort, shallowEqual),
    all: useSelector(actor, selectAllBox, shallowEqual),
    can: useSelector(actor, selectAbilities, shallowEqual),
    totals: useSelector(actor, selectTotals, shallowEqual),
    /** Rows have a checkbox (a delete or another bulk action may be taken). */
    choose: useSelector(actor, selectCanChoose),
    display: useDisplay(),
    titleColumn: titleColumnOf(def, columns),
  };
}

// Written once, not for every cell drawn (a 100-row page draws these a hundred times).
const titleLink = css({ fontWeight: 'medium', color: 'primary.fg', _hover: { textDecoration: 'underline' } });
const titleBox = css({ display: 'inline-flex', alignItems: 'center', gap: '2', maxW: 'full', minW: '0' });
const emptyValue = css({ color: 'fg.muted' });
const actionsBox = css({ display: 'inline-flex', gap: '1', alignItems: 'center' });

export function Cell({ column, value, display }: { column: ColumnDef; value: unknown; display: Display }) {
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
  if (column.kind === 'image') {
    // A preview of what the website shows; the title beside it names it.
    return typeof value === 'string' && value ? (
      <img
        src={value}
        alt=""
        loading="lazy"
        decoding="async"
        width={64}
        height={40}
        // maxW none: the base style's img max-width 100% of an auto-sized table cell collapses it to 0 px.
        className={css({ display: 'block', w: '16', minW: '16', maxW: 'none', h: '10', objectFit: 'cover', borderRadius: 'md', borderWidth: '1px', borderColor: 'border.default', bg: 'bg.muted' })}
      />
    ) : (
      <span role="img" aria-label="No image" className={css({ display: 'grid', placeItems: 'center', w: '16', h: '10', borderRadius: 'md', bg: 'bg.muted', color: 'fg.subtle' })}>
        <Icon name="image" size="sm" />
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
  const text = formatCell(column.kind, value, display);
  return text === '' ? (
    <span className={emptyValue} aria-label="empty">
      —
    </span>
  ) : (
    <>{text}</>
  );
}

/** The record's title cell: a link to its edit page when it may be edited, its value otherwise. */
export function TitleCell({ view, column, display, href, linkId }: { view: RowView; column: ColumnDef; display: Display; href: string; linkId?: string }) {
  const value = view.row[column.name];
  const empty = value === null || value === undefined || value === '';
  const content = empty ? view.title : <Cell column={column} value={value} display={display} />;
  return (
    <span className={titleBox}>
      {view.editable ? (
        <AppLink href={href} id={linkId} className={titleLink} style={view.delete === 'shown' ? undefined : { textDecoration: 'line-through' }}>
          {content}
        </AppLink>
      ) : (
        <span style={view.delete === 'shown' ? undefined : { textDecoration: 'line-through' }}>{content}</span>
      )}
      {view.created ? <Badge tone="primary">New</Badge> : null}
    </span>
  );
}

/** A total in the totals row: an amount, or a count (units on hand). */
export const totalText = (column: ColumnDef, value: number, display: Display) => formatCell(column.kind === 'money' ? 'money' : 'number', value, display);

/**
 * One column's value in a row: a screen's own cell for it (a stock badge, a signed quantity, the
 * ledger's product link), the record's title (a link to its own page or edit form), or the value
 * by the column's kind.
 */
export function ColumnCell({ view, column, titleColumn, display, showEdit, linkId }: { view: RowView; column: ColumnDef; titleColumn: ColumnDef | undefined; display: Display; showEdit: boolean; linkId: string | undefined }) {
  const { def, parentId, extras } = useListScreen();
  const { row } = view;
  // A screen's own cell wins, the title's too (the ledger's product links to its page; a history's kind says why).
  const custom = extras?.cells?.[column.name];
  if (custom) return <>{custom(row)}</>;
  if (column === titleColumn) {
    // A record's own page is open to whoever sees the list; its edit form to who may edit.
    const own = extras?.titleHref?.(row);
    const linked = own ? view.delete === 'shown' : showEdit && view.editable;
    return <TitleCell view={{ ...view, editable: linked }} column={column} display={display} href={own ?? resourceHref.edit(def, row.id, { parent: parentId })} linkId={linkId} />;
  }
  return <Cell column={column} value={row[column.name]} display={display} />;
}

/** Where a row's link goes: its child resource's list under it, or another list filtered by it (a customer's sales). */
export const rowLinkHref = (l: RowLink, id: number | string) =>
  'resource' in l ? resourceHref.list(resourceByKey(l.resource), { parent: id }) : adminHref(l.list, {}, `?${l.filter}=${encodeURIComponent(String(id))}${l.query ? `&${l.query}` : ''}`);

/** The row's links and buttons, or what its delete is doing. */
export function RowActions({ view, def, parentId, actor, showEdit, showDelete }: { view: RowView; def: ResourceList; parentId: string | undefined; actor: ListActor; showEdit: boolean; showDelete: boolean }) {
  const reasonId = useId();
  const { row, title } = view;
  if (view.delete === 'deleting') {
    return (
      <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted' })}>
        <Spinner size="sm" />
        Deleting…
      </span>
    );
  }
  if (view.delete === 'doomed') {
    return <span className={css({ color: 'fg.muted', fontStyle: 'italic' })}>Will be deleted</span>;
  }
  const editHref = resourceHref.edit(def, row.id, { parent: parentId });
  return (
    <span className={actionsBox}>
      {(def.rowLinks ?? []).map((l) => (
        <Button key={l.label} asChild variant="ghost" size="sm">
          <AppLink href={rowLinkHref(l, row.id)}>{l.label}</AppLink>
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
        view.protected ? (
          // Refused by the server whatever is clicked: disabled, and it says why (hover, focus, screen readers).
          <SimpleTooltip content={view.protectedReason ?? 'This record cannot be deleted.'}>
            <IconButton
              icon="trash"
              tone="error"
              aria-label={`Delete ${title}`}
              aria-disabled="true"
              aria-describedby={reasonId}
              size="sm"
              className={css({ opacity: 0.45, cursor: 'not-allowed' })}
              onClick={(e) => e.preventDefault()}
            />
          </SimpleTooltip>
        ) : (
          <IconButton icon="trash" tone="error" aria-label={`Delete ${title}`} size="sm" disabled={!view.deletable} onClick={() => actor.send({ type: 'row.delete', id: row.id })} />
        )
      ) : null}
      {view.protected ? (
        <span id={reasonId} className={css({ srOnly: true })}>
          {view.protectedReason}
        </span>
      ) : null}
    </span>
  );
}

/** A click on a row (not on one of its controls) opens the record, as does Enter on the row itself. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="checkbox"], [role="button"], [role="menuitem"]';

export function rowHandlers(actor: ListActor, view: RowView) {
  return {
    onClick(e: MouseEvent<HTMLElement>) {
      if (!view.openable || (e.target as Element).closest(INTERACTIVE) || window.getSelection()?.toString()) return;
      actor.send({ type: 'row.open', id: view.row.id });
    },
    onKeyDown(e: KeyboardEvent<HTMLElement>) {
      if (e.target !== e.currentTarget) return;
      const el = e.currentTarget;
      const step = (next: Element | null | undefined) => {
        if (next instanceof HTMLElement && next.tabIndex >= -1 && next.dataset.row) {
          e.preventDefault();
          next.focus();
        }
      };
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        actor.send({ type: 'row.open', id: view.row.id });
      } else if (e.key === 'ArrowDown') step(el.nextElementSibling);
      else if (e.key === 'ArrowUp') step(el.previousElementSibling);
      else if (e.key === 'Home') step(el.parentElement?.querySelector('[data-row]'));
      else if (e.key === 'End') step([...(el.parentElement?.querySelectorAll('[data-row]') ?? [])].at(-1));
    },
    onFocus(e: { target: EventTarget; currentTarget: EventTarget }) {
      if (e.target === e.currentTarget) actor.send({ type: 'row.focus', id: view.row.id });
    },
  };
}

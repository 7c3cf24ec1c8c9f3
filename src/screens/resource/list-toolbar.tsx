import { Portal } from '@ark-ui/react/portal';
import { shallowEqual, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { formatCount } from '../../../domain/format.ts';
import type { FilterDef } from '../../../domain/resource.ts';
import {
  sameItems,
  selectAbilities,
  selectCanBulkDelete,
  selectColumnChooser,
  selectExporting,
  selectFilters,
  selectSaved,
  selectSearchText,
  selectSelection,
} from '../../../machines/list/list.selectors.ts';
import { selectListCards } from '../../../machines/ui.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useDisplay } from '../../app/display.ts';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Menu } from '../../components/ui/menu.tsx';
import { DateRangeFilter } from './date-range-filter.tsx';
import { FilterSelect } from './filter-select.tsx';
import { useListScreen } from './list-context.ts';

const bar = css.raw({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', px: '4', py: '3', minH: '16', borderBottomWidth: '1px', borderColor: 'border.default' });

/** Search, filters, columns, saved filters and export; or, when rows are selected, the bulk actions. */
export function ListToolbar() {
  const { def, actor, extras } = useListScreen();
  const searchText = useSelector(actor, selectSearchText);
  const filters = useSelector(actor, selectFilters);
  const selection = useSelector(actor, selectSelection, shallowEqual);
  const exporting = useSelector(actor, selectExporting);
  const can = useSelector(actor, selectAbilities, shallowEqual);
  const { ui } = useAppSystem();
  const phone = useSelector(ui, selectListCards);

  if (selection.count > 0) return <SelectionBar />;

  const controls = (
    <>
      {def.filters.map((f: FilterDef) =>
        f.kind === 'dateRange' ? (
          <DateRangeFilter key={f.name} filter={f} />
        ) : (
          <FilterSelect key={f.name} filter={f} value={filters[f.name] ?? ''} onChange={(value) => actor.send({ type: 'list.filter', name: f.name, value })} />
        ),
      )}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', ms: 'auto' })}>
        {extras?.settings === false ? null : (
          <>
            <SavedFiltersMenu />
            <ColumnsMenu />
          </>
        )}
        {can.export ? (
          <Button variant="outline" tone="neutral" size="sm" loading={exporting} onClick={() => actor.send({ type: 'list.export' })}>
            <Icon name="download" size="sm" />
            Export CSV
          </Button>
        ) : null}
      </div>
    </>
  );

  return (
    <div className={css(bar)}>
      {def.searchHint ? (
        <form
          role="search"
          // Named apart from the top bar's search: two landmarks of one kind need two names.
          aria-label={`Search ${def.label.many}`}
          className={css({ position: 'relative', flex: '1 1 16rem', maxW: { md: '22rem' }, minW: '0' })}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'list.search.submit' });
          }}
        >
          <span className={css({ position: 'absolute', insetStart: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none', display: 'flex' })}>
            <Icon name="search" size="sm" />
          </span>
          <Input
            type="search"
            aria-label={def.searchHint}
            placeholder={`${def.searchHint}…`}
            value={searchText}
            maxLength={100}
            className={css({ ps: '9' })}
            onChange={(e) => actor.send({ type: 'list.search.input', text: e.currentTarget.value })}
          />
        </form>
      ) : null}
      {phone ? (
        // On a phone the filters and actions fold away, so the records are on the first screen;
        // the chips below still say what narrows the list. The browser keeps it open or shut.
        <details className={css({ w: 'full', '&[open] > summary': { mb: '3' } })}>
          <summary className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', h: '9', px: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', fontSize: 'sm', fontWeight: 'medium', cursor: 'pointer' })}>
            <Icon name="sliders" size="sm" />
            Filters and actions
          </summary>
          <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>{controls}</div>
        </details>
      ) : (
        controls
      )}
    </div>
  );
}

/** Shown while rows are selected: how many, select every match on all pages, clear, the screen's own bulk actions, delete. */
function SelectionBar() {
  const { def, actor, extras } = useListScreen();
  const s = useSelector(actor, selectSelection, shallowEqual);
  const can = useSelector(actor, selectAbilities, shallowEqual);
  const canBulkDelete = useSelector(actor, selectCanBulkDelete);
  const display = useDisplay();
  const many = def.label.many;
  return (
    <div role="toolbar" aria-label="Selected rows" className={css(bar, { bg: 'primary.subtle', color: 'primary.fg' })}>
      <span className={css({ fontWeight: 'semibold', fontSize: 'sm' })} aria-live="polite">
        {s.allMatching ? `All ${formatCount(s.total, display)} ${many} that match are selected` : `${formatCount(s.count, display)} selected`}
      </span>
      {s.offerAll ? (
        s.allLimit ? (
          <span className={css({ fontSize: 'sm' })}>{s.allLimit}</span>
        ) : (
          <Button variant="ghost" size="sm" disabled={!s.canSelectAll} onClick={() => actor.send({ type: 'selection.all' })}>
            Select all {formatCount(s.total, display)} {many}
          </Button>
        )
      ) : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', ms: 'auto' })}>
        <Button variant="ghost" tone="neutral" size="sm" onClick={() => actor.send({ type: 'selection.clear' })}>
          Clear selection
        </Button>
        {extras?.bulkActions}
        {can.delete ? (
          <Button tone="error" size="sm" disabled={!canBulkDelete} onClick={() => actor.send({ type: 'rows.deleteSelected' })}>
            Delete selected
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Which columns this person sees; remembered for them on the server. */
function ColumnsMenu() {
  const { actor } = useListScreen();
  const columns = useSelector(actor, selectColumnChooser, sameItems);
  if (columns.length === 0) return null;
  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        <Button variant="outline" tone="neutral" size="sm">
          <Icon name="sliders" size="sm" />
          Columns
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content aria-label="Columns to show">
            {columns.map((c) => (
              <Menu.CheckboxItem key={c.name} value={c.name} checked={c.shown} onCheckedChange={() => actor.send({ type: 'columns.toggle', name: c.name })}>
                <Menu.ItemIndicator className={css({ w: '5', display: 'inline-flex' })}>
                  <Icon name="check" size="sm" />
                </Menu.ItemIndicator>
                {!c.shown ? <span aria-hidden className={css({ w: '5' })} /> : null}
                {c.label}
              </Menu.CheckboxItem>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The person's named filters: apply one, save the current search and filters, delete one. */
function SavedFiltersMenu() {
  const { actor } = useListScreen();
  const saved = useSelector(actor, selectSaved, shallowEqual);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        <Button variant="outline" tone="neutral" size="sm">
          <Icon name="star" size="sm" />
          Saved filters
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content aria-label="Saved filters" className={css({ maxH: '80vh', overflowY: 'auto', maxW: 'calc(100vw - 2rem)' })}>
            {saved.failed ? (
              <Menu.Item value="retry" onSelect={() => actor.send({ type: 'settings.retry' })}>
                Saved filters could not be loaded. Try again
              </Menu.Item>
            ) : null}
            {saved.items.length ? (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>Show</Menu.ItemGroupLabel>
                {saved.items.map((f) => (
                  <Menu.Item key={f.id} value={`apply-${f.id}`} onSelect={() => actor.send({ type: 'saved.apply', id: f.id })}>
                    <span className={css({ w: '5', display: 'inline-flex' })}>{f.active ? <Icon name="check" size="sm" /> : null}</span>
                    <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
                      {f.name}
                      {f.active ? <span className={css({ srOnly: true })}> (shown now)</span> : null}
                    </span>
                  </Menu.Item>
                ))}
              </Menu.ItemGroup>
            ) : saved.ready ? (
              <p className={css({ px: '5', py: '2', fontSize: 'sm', color: 'fg.muted' })}>No saved filters yet.</p>
            ) : null}
            <Menu.Separator />
            <Menu.Item value="save" disabled={!saved.canSave} onSelect={() => actor.send({ type: 'saved.new' })}>
              <Icon name="plus" size="sm" />
              Save the current search and filters…
            </Menu.Item>
            {saved.items.length ? (
              <>
                <Menu.Separator />
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>Delete</Menu.ItemGroupLabel>
                  {saved.items.map((f) => (
                    <Menu.Item key={f.id} value={`delete-${f.id}`} disabled={saved.removing !== null} onSelect={() => actor.send({ type: 'saved.remove', id: f.id })}>
                      <Icon name="trash" size="sm" />
                      <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>Delete “{f.name}”</span>
                    </Menu.Item>
                  ))}
                </Menu.ItemGroup>
              </>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

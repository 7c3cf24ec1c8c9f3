import { shallowEqual, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { FilterDef } from '../../../domain/resource.ts';
import { selectAbilities, selectCanBulkDelete, selectExporting, selectFilters, selectSearchText, selectSelectedCount } from '../../../machines/list/list.selectors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Input } from '../../components/ui/input.tsx';
import { FilterSelect } from './filter-select.tsx';
import { useListScreen } from './list-context.ts';

const bar = css.raw({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', px: '4', py: '3', minH: '16', borderBottomWidth: '1px', borderColor: 'border.default' });

/** Search, filters, export; or, when rows are selected, the bulk actions. */
export function ListToolbar() {
  const { def, actor, extras } = useListScreen();
  const searchText = useSelector(actor, selectSearchText);
  const filters = useSelector(actor, selectFilters);
  const selected = useSelector(actor, selectSelectedCount);
  const exporting = useSelector(actor, selectExporting);
  const canBulkDelete = useSelector(actor, selectCanBulkDelete);
  const can = useSelector(actor, selectAbilities, shallowEqual);

  if (selected > 0) {
    return (
      <div role="toolbar" aria-label="Selected rows" className={css(bar, { bg: 'primary.subtle', color: 'primary.fg' })}>
        <span className={css({ fontWeight: 'semibold', fontSize: 'sm' })} aria-live="polite">
          {selected} selected
        </span>
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

  return (
    <div className={css(bar)}>
      {def.searchHint ? (
        <form
          role="search"
          // Named apart from the top bar's search: two landmarks of one kind need two names.
          aria-label={`Search ${def.label.many}`}
          className={css({ position: 'relative', flex: '1 1 16rem', maxW: { md: '22rem' } })}
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
      {def.filters.map((f: FilterDef) => (
        <FilterSelect key={f.name} filter={f} value={filters[f.name] ?? ''} onChange={(value) => actor.send({ type: 'list.filter', name: f.name, value })} />
      ))}
      {can.export ? (
        <Button variant="outline" tone="neutral" size="sm" loading={exporting} className={css({ ms: 'auto' })} onClick={() => actor.send({ type: 'list.export' })}>
          <Icon name="download" size="sm" />
          Export CSV
        </Button>
      ) : null}
    </div>
  );
}

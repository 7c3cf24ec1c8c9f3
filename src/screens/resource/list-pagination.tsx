import { shallowEqual, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { formatCount } from '../../../domain/format.ts';
import { PAGE_SIZES, type PageSize } from '../../../domain/list-query.ts';
import { selectPagination } from '../../../machines/list/list.selectors.ts';
import { useDisplay } from '../../app/display.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useListScreen } from './list-context.ts';

/** Rows per page, "11–20 of 60", previous/next and first/last. */
export function ListPagination() {
  const { def, actor } = useListScreen();
  const p = useSelector(actor, selectPagination, shallowEqual);
  const display = useDisplay();
  if (!p) return null;
  const go = (page: number) => actor.send({ type: 'list.page', page });
  return (
    <nav
      aria-label={`Pages of ${def.label.many}`}
      className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: '3', px: '4', py: '3', borderTopWidth: '1px', borderColor: 'border.default', fontSize: 'sm' })}
    >
      <Field.Root className={css({ flexDirection: 'row', alignItems: 'center', w: 'auto', gap: '2' })}>
        <Field.Label className={css({ fontWeight: 'normal', color: 'fg.muted', whiteSpace: 'nowrap' })}>Rows per page</Field.Label>
        <Field.Select
          value={String(p.perPage)}
          className={css({ w: '20' })}
          onChange={(e) => actor.send({ type: 'list.perPage', perPage: Number(e.currentTarget.value) as PageSize })}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Field.Select>
      </Field.Root>
      <span aria-live="polite" className={css({ color: 'fg.muted', minW: '28', textAlign: 'center' })}>
        {formatCount(p.from, display)}–{formatCount(p.to, display)} of {formatCount(p.total, display)}
      </span>
      <div className={css({ display: 'flex', gap: '1' })}>
        <Button variant="ghost" tone="neutral" size="sm" disabled={!p.canPrevious} onClick={() => go(1)} aria-label="First page">
          «
        </Button>
        <Button variant="ghost" tone="neutral" size="sm" disabled={!p.canPrevious} onClick={() => go(p.page - 1)} aria-label="Previous page">
          ‹ Previous
        </Button>
        <span className={css({ alignSelf: 'center', px: '2', whiteSpace: 'nowrap' })}>
          Page {p.page} of {p.lastPage}
        </span>
        <Button variant="ghost" tone="neutral" size="sm" disabled={!p.canNext} onClick={() => go(p.page + 1)} aria-label="Next page">
          Next ›
        </Button>
        <Button variant="ghost" tone="neutral" size="sm" disabled={!p.canNext} onClick={() => go(p.lastPage)} aria-label="Last page">
          »
        </Button>
      </div>
    </nav>
  );
}

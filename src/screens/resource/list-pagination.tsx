import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { PAGE_SIZES, type PageSize, type ResourceDef } from '../../../domain/resource.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';

/** Rows per page, "11–20 of 60", previous/next and first/last. */
export function ListPagination({ def, actor }: { def: ResourceDef; actor: import('./list-view.tsx').ListActor }) {
  const meta = useSelector(actor, (s) => s.context.meta);
  const perPage = useSelector(actor, (s) => s.context.query.per_page);
  if (!meta) return null;
  const from = meta.total === 0 ? 0 : (meta.page - 1) * meta.per_page + 1;
  const to = Math.min(meta.total, meta.page * meta.per_page);
  const go = (page: number) => actor.send({ type: 'list.page', page });
  return (
    <nav
      aria-label={`Pages of ${def.label.many}`}
      className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: '3', px: '4', py: '3', borderTopWidth: '1px', borderColor: 'border.default', fontSize: 'sm' })}
    >
      <Field.Root className={css({ flexDirection: 'row', alignItems: 'center', w: 'auto', gap: '2' })}>
        <Field.Label className={css({ fontWeight: 'normal', color: 'fg.muted', whiteSpace: 'nowrap' })}>Rows per page</Field.Label>
        <Field.Select
          value={String(perPage)}
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
        {from}–{to} of {meta.total.toLocaleString('en-US')}
      </span>
      <div className={css({ display: 'flex', gap: '1' })}>
        <Button variant="ghost" tone="neutral" size="sm" disabled={meta.page <= 1} onClick={() => go(1)} aria-label="First page">
          «
        </Button>
        <Button variant="ghost" tone="neutral" size="sm" disabled={meta.page <= 1} onClick={() => go(meta.page - 1)} aria-label="Previous page">
          ‹ Previous
        </Button>
        <span className={css({ alignSelf: 'center', px: '2', whiteSpace: 'nowrap' })}>
          Page {meta.page} of {meta.last_page}
        </span>
        <Button variant="ghost" tone="neutral" size="sm" disabled={meta.page >= meta.last_page} onClick={() => go(meta.page + 1)} aria-label="Next page">
          Next ›
        </Button>
        <Button variant="ghost" tone="neutral" size="sm" disabled={meta.page >= meta.last_page} onClick={() => go(meta.last_page)} aria-label="Last page">
          »
        </Button>
      </div>
    </nav>
  );
}

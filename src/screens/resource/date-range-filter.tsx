import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import type { FilterDef } from '../../../domain/resource.ts';
import { selectRange } from '../../../machines/list/list.selectors.ts';
import { Field } from '../../components/ui/field.tsx';
import { useListScreen } from './list-context.ts';

const dateBox = css({ w: '10rem', maxW: 'full' });

/**
 * A date range filter: two date inputs (the person's locale, as every date input), from and to,
 * either left open. Each change sends both ends; the list machine keeps them in order.
 */
export function DateRangeFilter({ filter }: { filter: FilterDef }) {
  const { actor } = useListScreen();
  const select = useMemo(() => selectRange(filter.name), [filter.name]);
  const range = useSelector(actor, select, shallowEqual);
  const send = (from: string, to: string) => actor.send({ type: 'list.range', name: filter.name, from, to });
  return (
    <fieldset className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', border: '0', p: '0', m: '0', minW: '0' })}>
      <legend className={css({ srOnly: true })}>{filter.label}</legend>
      <Field.Root className={css({ flexDirection: 'row', alignItems: 'center', gap: '2', w: 'auto' })}>
        <Field.Label className={css({ fontWeight: 'normal', color: 'fg.muted', whiteSpace: 'nowrap' })}>{filter.label} from</Field.Label>
        <Field.Input type="date" value={range.from} max={range.to || undefined} className={dateBox} onChange={(e) => send(e.currentTarget.value, range.to)} />
      </Field.Root>
      <Field.Root className={css({ flexDirection: 'row', alignItems: 'center', gap: '2', w: 'auto' })}>
        <Field.Label className={css({ fontWeight: 'normal', color: 'fg.muted' })}>to</Field.Label>
        <Field.Input
          type="date"
          aria-label={`${filter.label} to`}
          value={range.to}
          min={range.from || undefined}
          className={dateBox}
          onChange={(e) => send(range.from, e.currentTarget.value)}
        />
      </Field.Root>
    </fieldset>
  );
}

import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { css } from 'styled-system/css';
import type { FilterDef, Option } from '../../../domain/resource.ts';
import { resourceByKey } from '../../../domain/resources/index.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { Field } from '../../components/ui/field.tsx';

/** A filter as a native select: "All" plus the def's options or the related resource's options. */
export function FilterSelect({ filter, value, onChange }: { filter: FilterDef; value: string; onChange(value: string): void }) {
  const options = useFilterOptions(filter);
  return (
    <Field.Root className={css({ w: 'auto', flex: '0 1 12rem' })}>
      <Field.Label className={css({ srOnly: true })}>{filter.label}</Field.Label>
      <Field.Select value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{filter.label}: all</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {value && !options.some((o) => o.value === value) ? <option value={value}>{`#${value}`}</option> : null}
      </Field.Select>
    </Field.Root>
  );
}

/** Static options from the def, or the first 50 of the related resource (loaded once, by an actor). */
function useFilterOptions(filter: FilterDef): readonly Option[] {
  const { api, inspect } = useAppSystem();
  const loader = useMemo(
    () =>
      fromPromise(async () => {
        if (!filter.relation) return [];
        const res = await api.call<{ data: { id: number; label: string }[] }>(`${resourceByKey(filter.relation).api}/options`);
        return res.data.map((o) => ({ value: String(o.id), label: o.label }));
      }),
    [api, filter.relation],
  );
  const actor = useActorRef(loader, { inspect });
  const loaded = useSelector(actor, (s) => (s.status === 'done' ? s.output : undefined));
  return filter.options ?? loaded ?? [];
}

import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { formatDay, type Display } from '../../../domain/format.ts';
import { sameChips, selectChips, type Chip } from '../../../machines/list/list.selectors.ts';
import { selectLabels } from '../../../machines/options.machine.ts';
import { useDisplay } from '../../app/display.ts';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useListScreen, type OptionsActor } from './list-context.ts';

const chipStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  maxW: 'full',
  minW: '0',
  ps: '3',
  pe: '1',
  h: '8',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'primary.subtleHover',
  bg: 'primary.subtle',
  color: 'primary.fg',
  fontSize: 'sm',
});

/** What narrows the list, one chip each (× removes it), and "Clear all". */
export function ListChips() {
  const { actor } = useListScreen();
  const chips = useSelector(actor, selectChips, sameChips);
  const display = useDisplay();
  if (chips.length === 0) return null;
  return (
    <div role="group" aria-label="Search and filters in use" className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', px: '4', py: '2', borderBottomWidth: '1px', borderColor: 'border.default' })}>
      {chips.map((chip) => (
        <ChipView key={chip.key} chip={chip} display={display} />
      ))}
      <Button variant="ghost" tone="neutral" size="sm" onClick={() => actor.send({ type: 'list.clear' })}>
        Clear all
      </Button>
    </div>
  );
}

function ChipView({ chip, display }: { chip: Chip; display: Display }) {
  const { actor, relations } = useListScreen();
  const relation = chip.filter?.kind === 'relation' ? relations[chip.filter.name] : undefined;
  const value = relation ? <RelationValue actor={relation} id={chip.value} /> : valueText(chip, display);
  return (
    <span className={chipStyle}>
      <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
        {chip.label}: {value}
      </span>
      <button
        type="button"
        aria-label={`Remove ${chip.label.toLowerCase()} ${chip.filter?.kind === 'dateRange' ? 'range' : chip.key === 'search' ? '' : 'filter'}`.replace(/\s+/g, ' ').trim()}
        onClick={() => actor.send(chip.remove)}
        className={css({ display: 'grid', placeItems: 'center', w: '6', h: '6', borderRadius: 'full', cursor: 'pointer', flexShrink: 0, _hover: { bg: 'primary.subtleHover' } })}
      >
        <Icon name="close" size="sm" />
      </button>
    </span>
  );
}

function valueText(chip: Chip, display: Display): string {
  if (chip.range) {
    const { from, to } = chip.range;
    if (from && to) return `${formatDay(from, display)} – ${formatDay(to, display)}`;
    return from ? `from ${formatDay(from, display)}` : `until ${formatDay(to, display)}`;
  }
  if (chip.key === 'search') return `“${chip.value}”`;
  return chip.filter?.options?.find((o) => o.value === chip.value)?.label ?? chip.value;
}

/** A relation filter's value by its name (the filter's options actor knows it). */
function RelationValue({ actor, id }: { actor: OptionsActor; id: string }) {
  const labels = useSelector(actor, selectLabels);
  const items = useSelector(actor, (s) => s.context.items);
  return <>{labels[Number(id)] ?? items.find((i) => String(i.id) === id)?.label ?? `#${id}`}</>;
}

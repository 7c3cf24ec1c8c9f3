import { css } from 'styled-system/css';
import type { PanelDef } from '../../../machines/document/kind.ts';
import type { selectDraft } from '../../../machines/document/action-draft.selectors.ts';
import type { DraftActor } from '../../../machines/document/lifecycle.machine.ts';
import { Field } from '../../components/ui/field.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { looseField } from '../resource/fields/field-props.ts';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';
import { AmountField, FieldError, FieldLabel } from './amount-input.tsx';
import { SerialPicker } from './serial-picker.tsx';

type DraftView = ReturnType<typeof selectDraft>;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const serialCount = (text: string) => text.split(/[\n,]/).filter((s) => s.trim()).length;

/**
 * A lines panel's lines: how many of each (at most what it has left) and, for serial-tracked
 * products, their serial numbers: picked from the line's choices when it has them (a sale's
 * line: those it sold and has not taken back; each pick is a unit), else typed or scanned one
 * per row. A panel of whole lines (def.whole: a pending sale's complete, an order's process)
 * asks no quantities: its serial-tracked lines (`shown`) name their serials with the sale line's
 * picker (those in stock, or scanned). Errors under each line's own fields.
 */
export function DraftLines({ draft, def, lines, shown, busy }: { draft: DraftActor; def: PanelDef; lines: DraftView['lines']; shown: DraftView['shown']; busy: boolean }) {
  const Checkboxes = FIELD_VIEWS.checkboxes.component;
  if (!shown.length) return null;
  return (
    <ol aria-label={def.whole ? `Serial numbers to ${def.verb}` : `Lines to ${def.verb}`} className={css({ display: 'grid', gap: '3' })}>
      {shown.map((i) => [i, lines[i]!] as const).map(([i, l]) => (
        <li key={l.line_id} aria-label={l.name} className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '14rem minmax(0, 1fr)' }, borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3' })}>
          <div className={css({ display: 'grid', gap: '2', alignContent: 'start' })}>
            <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{l.name}</p>
            {def.whole ? (
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{l.quantity === 1 ? '1 unit: its serial number' : `${l.quantity} units: one serial number each`}</p>
            ) : (
              <AmountField
              path={`lines.${i}.quantity`}
              label={`${capital(def.verb)} how many of ${l.name}`}
              short={def.short?.(l.max) ?? `${capital(def.verb)} (of ${l.max})`}
              kind="integer"
              value={l.quantity}
              error={l.errors.quantity}
              readOnly={busy}
              onValue={(v) => draft.send({ type: 'draft.quantity', index: i, value: v })}
            />
            )}
          </div>
          {l.tracks_serials && def.whole ? (
            <SerialPicker
              path={`lines.${i}`}
              productId={l.product_id}
              name={l.name}
              serials={l.named}
              error={l.errors.serials}
              readOnly={busy}
              onAdd={(serial) => draft.send({ type: 'draft.serial.add', index: i, serial })}
              onRemove={(serial) => draft.send({ type: 'draft.serial.remove', index: i, serial })}
            />
          ) : l.tracks_serials && l.choices ? (
            <Checkboxes
              {...looseField(
                { name: `lines.${i}.serials`, label: `Serial numbers of ${l.name} coming back`, kind: 'checkboxes', options: l.choices.map((c) => ({ value: c, label: c })) },
                l.picked,
                l.errors.serials,
                busy,
                (v) => draft.send({ type: 'draft.pick', index: i, serials: (v as string[]).map(String) }),
              )}
            />
          ) : l.tracks_serials ? (
            <Field.Root invalid={Boolean(l.errors.serials)} readOnly={busy} ids={{ control: fieldId(`lines.${i}.serials`) }}>
              <FieldLabel label={`Serial numbers of ${l.name}`} short={`Serial numbers, one per unit (${serialCount(l.serials)} of ${Number.isFinite(l.quantity) ? l.quantity : 0})`} />
              <Field.Textarea rows={Math.min(6, Math.max(2, serialCount(l.serials) + 1))} placeholder="Type or scan one per row" value={l.serials} onChange={(e) => draft.send({ type: 'draft.serials', index: i, text: e.currentTarget.value })} />
              <FieldError error={l.errors.serials} />
            </Field.Root>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

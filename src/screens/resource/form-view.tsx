import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import type { FormEvent, ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { css, cx } from 'styled-system/css';
import type { FieldDef } from '../../../domain/resource.ts';
import type { formMachine } from '../../../machines/form/form.machine.ts';
import { errorsUnder, selectErrors, selectFormPhase, selectFormStatus, selectRecordFigures, selectValues, valueAt } from '../../../machines/form/form.selectors.ts';
import { formatCell } from '../../../domain/format.ts';
import { useDisplay } from '../../app/display.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { FieldKindView, FieldKindViews } from './fields/field-props.ts';
import { FIELD_VIEWS } from './fields/registry.ts';
import { PageHeader } from './page-header.tsx';

export type FormActor = ActorRefFrom<typeof formMachine>;

export interface FormViewProps {
  actor: FormActor;
  /** The page title, which also names the form for screen readers. */
  title: string;
  /** The fields of this mode (create-only and edit-only ones already chosen). */
  fields: readonly FieldDef[];
  /** "customer": used in the loading and load-failed texts. */
  what: string;
  /** Where "back" goes when the record cannot be loaded. */
  back: { href: string; label: string };
  /** Why a protected record's guarded fields cannot change (shown when the server marks it protected). */
  lockedHint?: string | undefined;
  /** How each kind of field is shown; a screen with kinds of its own extends FIELD_VIEWS. */
  views?: FieldKindViews;
  /** Links beside the header (a customer's sales). */
  actions?: ReactNode;
  /**
   * One of several forms on a page (the profile's): titled in its own card, which also names it,
   * instead of under the page's header.
   */
  section?: { title: string; description?: string };
  /** The submit button's words ("Change password"); Save by default. */
  submitLabel?: string;
  /** Whether Cancel is offered (a form among others on a page has nowhere of its own to go back to). */
  cancel?: boolean;
}

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: '6', rowGap: '5' });
const wideCell = css({ gridColumn: '1 / -1' });

function viewOf(views: FieldKindViews, f: FieldDef): FieldKindView {
  const view = views[f.kind];
  if (!view) throw new Error(`No view for field kind "${f.kind}" (${f.name})`);
  return view;
}
const isWide = (views: FieldKindViews, f: FieldDef) => f.wide || viewOf(views, f).wide;

/** The generic create/edit/settings form: a card of fields, the form's own error, Save and Cancel. */
const sameFigures = (a: ReturnType<typeof selectRecordFigures>, b: ReturnType<typeof selectRecordFigures>) =>
  a.length === b.length && a.every((f, i) => f.column === b[i]!.column && f.value === b[i]!.value);

/** The record's figures beside its form, read-only (a customer's Owes): what the server says of it, not a field. */
function RecordFigures({ actor }: { actor: FormViewProps['actor'] }) {
  const figures = useSelector(actor, selectRecordFigures, sameFigures);
  const display = useDisplay();
  if (figures.length === 0) return null;
  return (
    <dl className={css({ display: 'flex', flexWrap: 'wrap', gap: '6', mb: '4' })}>
      {figures.map(({ column, value }) => (
        <div key={column.name} className={css({ display: 'grid', gap: '0.5' })}>
          <dt className={css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' })}>{column.label}</dt>
          <dd className={css({ fontSize: 'lg', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>{formatCell(column.kind, value, display)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FormView({ actor, title, fields, what, back, lockedHint, views = FIELD_VIEWS, actions, section, submitLabel = 'Save', cancel = true }: FormViewProps) {
  const phase = useSelector(actor, selectFormPhase);
  const status = useSelector(actor, selectFormStatus, shallowEqual);
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const hasRequired = fields.some((f) => f.required);
  const wideForm = fields.some((f) => viewOf(views, f).wide);

  if (phase === 'failed') {
    return <LoadFailedCard what={what} message={status.loadError} back={back} onRetry={() => actor.send({ type: 'form.retry' })} />;
  }
  if (phase === 'loading') return <FormSkeleton fields={fields} what={what} views={views} />;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <>
      {section ? null : <PageHeader subtitle={hasRequired ? 'Fields marked * are required.' : undefined} actions={actions} />}
      <RecordFigures actor={actor} />
      <Card.Root asChild className={css({ maxW: wideForm ? 'none' : '4xl' })}>
        <form noValidate aria-label={section?.title ?? title} onSubmit={submit}>
          {section ? (
            <Card.Header className={css({ px: { base: '4', sm: '6' } })}>
              <Card.Title>{section.title}</Card.Title>
              {section.description ? <Card.Description>{section.description}</Card.Description> : null}
            </Card.Header>
          ) : null}
          <Card.Body className={css({ pt: '6', px: { base: '4', sm: '6' } })}>
            <div className={grid}>
              {fields.map((f) => {
                const Field = viewOf(views, f).component;
                const under = errorsUnder(errors, f.name);
                return (
                  <div key={`${f.name}:${f.only ?? ''}`} className={isWide(views, f) ? wideCell : undefined}>
                    <Field
                      field={f}
                      value={valueAt(values, f.name)}
                      error={under[f.name] ?? Object.values(under)[0]}
                      errors={under}
                      readOnly={status.busy}
                      locked={status.locked}
                      lockedHint={lockedHint}
                      onChange={(value, key = f.name) => actor.send({ type: 'field.change', name: key, value })}
                    />
                  </div>
                );
              })}
            </div>
          </Card.Body>
          {status.conflict ? (
            <AlertMessage
              tone="warning"
              className={css({ mx: { base: '4', sm: '6' }, mb: '2' })}
              actions={
                <>
                  <Button size="sm" disabled={!status.canReload} onClick={() => actor.send({ type: 'form.reload' })}>
                    Reload
                  </Button>
                  <Button size="sm" variant="outline" tone="neutral" onClick={() => actor.send({ type: 'form.conflict.dismiss' })}>
                    Dismiss
                  </Button>
                </>
              }
            >
              {status.conflict}
            </AlertMessage>
          ) : null}
          {status.formError ? (
            <AlertMessage className={css({ mx: { base: '4', sm: '6' }, mb: '2' })}>{status.formError}</AlertMessage>
          ) : null}
          <Card.Footer className={css({ justifyContent: 'flex-start', px: { base: '4', sm: '6' }, pt: '4', pb: '6', borderTopWidth: '1px', borderColor: 'border.default' })}>
            <Button type="submit" loading={status.busy} disabled={!status.canSubmit}>
              {submitLabel}
            </Button>
            {cancel ? (
              <Button variant="outline" tone="neutral" disabled={!status.canCancel} onClick={() => actor.send({ type: 'form.cancel' })}>
                Cancel
              </Button>
            ) : null}
          </Card.Footer>
        </form>
      </Card.Root>
    </>
  );
}

function FormSkeleton({ fields, what, views }: { fields: readonly FieldDef[]; what: string; views: FieldKindViews }) {
  const bar = css({ borderRadius: 'md', bg: 'bg.muted' });
  return (
    <>
      <PageHeader subtitle={<Spinner size="sm" label={`Loading the ${what}`} />} />
      <Card.Root aria-busy="true" className={css({ maxW: '4xl' })}>
        <Card.Body className={css({ pt: '6' })}>
          <div className={grid} aria-hidden="true">
            {fields.map((f) => (
              <div key={`${f.name}:${f.only ?? ''}`} className={cx(isWide(views, f) ? wideCell : undefined, css({ display: 'grid', gap: '2' }))}>
                <div className={cx(bar, css({ h: '3.5', w: '28' }))} />
                <div className={cx(bar, viewOf(views, f).skeleton === 'box' ? css({ h: '24' }) : css({ h: '10' }))} />
              </div>
            ))}
          </div>
        </Card.Body>
      </Card.Root>
    </>
  );
}

function LoadFailedCard({ what, message, back, onRetry }: { what: string; message: string | null; back: FormViewProps['back']; onRetry(): void }) {
  return (
    <Card.Root role="alert" className={css({ maxW: '2xl' })}>
      <Card.Header>
        <Card.Title>This {what} could not be loaded</Card.Title>
        <Card.Description>{message ?? 'Something went wrong.'}</Card.Description>
      </Card.Header>
      <Card.Footer className={css({ justifyContent: 'flex-start' })}>
        <Button onClick={onRetry}>Try again</Button>
        <Button asChild variant="outline" tone="neutral">
          <AppLink href={back.href}>{back.label}</AppLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

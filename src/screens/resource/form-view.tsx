import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { css, cx } from 'styled-system/css';
import type { FieldDef } from '../../../domain/resource.ts';
import type { formMachine } from '../../../machines/form/form.machine.ts';
import { useNavigate } from '../../app/router.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { FormField } from './form-fields.tsx';
import { PageHeader } from './page-header.tsx';
import { PermissionGrid } from './permission-grid.tsx';

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
  /** The record is protected (Super Admin): its permissions cannot change. */
  locked?: boolean;
  lockedHint?: string | undefined;
}

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: '6', rowGap: '5' });
const wideCell = css({ gridColumn: '1 / -1' });
const isWide = (f: FieldDef) => f.wide || f.kind === 'permissionGrid';

/** The generic create/edit/settings form: a card of fields, the form's own error, Save and Cancel. */
export function FormView({ actor, title, fields, what, back, locked = false, lockedHint }: FormViewProps) {
  const phase = useSelector(actor, (s) => (s.matches('loadFailed') ? 'failed' : s.matches('loading') || s.matches('starting') ? 'loading' : 'ready'));
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'form.cancel' }));
  const hasRequired = fields.some((f) => f.required);
  const wideForm = fields.some((f) => f.kind === 'permissionGrid');

  if (phase === 'failed') {
    return <LoadFailedCard what={what} message={loadError} back={back} onRetry={() => actor.send({ type: 'form.retry' })} />;
  }
  if (phase === 'loading') return <FormSkeleton fields={fields} what={what} />;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  return (
    <>
      <PageHeader subtitle={hasRequired ? 'Fields marked * are required.' : undefined} />
      <Card.Root asChild className={css({ maxW: wideForm ? 'none' : '4xl' })}>
        <form noValidate aria-label={title} onSubmit={submit}>
          <Card.Body className={css({ pt: '6', px: { base: '4', sm: '6' } })}>
            <div className={grid}>
              {fields.map((f) => (
                <div key={`${f.name}:${f.only ?? ''}`} className={isWide(f) ? wideCell : undefined}>
                  {f.kind === 'permissionGrid' ? (
                    <PermissionGrid
                      field={f}
                      value={values[f.name]}
                      error={errors[f.name]}
                      readOnly={busy}
                      locked={locked}
                      hint={lockedHint}
                      onChange={(value) => actor.send({ type: 'field.change', name: f.name, value })}
                    />
                  ) : (
                    <FormField
                      field={f}
                      value={values[f.name]}
                      error={errors[f.name]}
                      readOnly={busy}
                      onChange={(value) => actor.send({ type: 'field.change', name: f.name, value })}
                    />
                  )}
                </div>
              ))}
            </div>
          </Card.Body>
          {formError ? (
            <div
              role="alert"
              className={cx(
                css({ colorPalette: 'error' }),
                css({ display: 'flex', gap: '2.5', alignItems: 'flex-start', mx: { base: '4', sm: '6' }, mb: '2', p: '3', borderRadius: 'md', fontSize: 'sm', bg: 'colorPalette.subtle', color: 'colorPalette.fg' }),
              )}
            >
              <Icon name="x-circle" size="md" />
              <span>{formError}</span>
            </div>
          ) : null}
          <Card.Footer className={css({ justifyContent: 'flex-start', px: { base: '4', sm: '6' }, pt: '4', pb: '6', borderTopWidth: '1px', borderColor: 'border.default' })}>
            <Button type="submit" loading={busy} disabled={!canSubmit}>
              Save
            </Button>
            <Button variant="outline" tone="neutral" disabled={!canCancel} onClick={() => actor.send({ type: 'form.cancel' })}>
              Cancel
            </Button>
          </Card.Footer>
        </form>
      </Card.Root>
    </>
  );
}

function FormSkeleton({ fields, what }: { fields: readonly FieldDef[]; what: string }) {
  const bar = css({ borderRadius: 'md', bg: 'bg.muted' });
  return (
    <>
      <PageHeader subtitle={<Spinner size="sm" label={`Loading the ${what}`} />} />
      <Card.Root aria-busy="true" className={css({ maxW: '4xl' })}>
        <Card.Body className={css({ pt: '6' })}>
          <div className={grid} aria-hidden="true">
            {fields.map((f) => (
              <div key={`${f.name}:${f.only ?? ''}`} className={cx(isWide(f) ? wideCell : undefined, css({ display: 'grid', gap: '2' }))}>
                <div className={cx(bar, css({ h: '3.5', w: '28' }))} />
                <div className={cx(bar, css({ h: f.kind === 'textarea' || f.kind === 'permissionGrid' ? '24' : '10' }))} />
              </div>
            ))}
          </div>
        </Card.Body>
      </Card.Root>
    </>
  );
}

function LoadFailedCard({ what, message, back, onRetry }: { what: string; message: string | null; back: FormViewProps['back']; onRetry(): void }) {
  const navigate = useNavigate();
  return (
    <Card.Root role="alert" className={css({ maxW: '2xl' })}>
      <Card.Header>
        <Card.Title>This {what} could not be loaded</Card.Title>
        <Card.Description>{message ?? 'Something went wrong.'}</Card.Description>
      </Card.Header>
      <Card.Footer className={css({ justifyContent: 'flex-start' })}>
        <Button onClick={onRetry}>Try again</Button>
        <Button asChild variant="outline" tone="neutral">
          <AppLink href={back.href} onNavigate={navigate}>
            {back.label}
          </AppLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

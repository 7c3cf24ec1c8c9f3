import type { ActorRefFrom } from 'xstate';
import { css } from 'styled-system/css';
import { formatMoment } from '../../../domain/format.ts';
import type { sessionsMachine } from '../../../machines/profile/sessions.machine.ts';
import { selectSessions, type SessionRowView } from '../../../machines/profile/sessions.selectors.ts';
import { useDisplay } from '../../app/display.ts';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

type SessionsActor = ActorRefFrom<typeof sessionsMachine>;

const HEADING_ID = 'profile-sessions-heading';

/** The person's signed-in sessions, this device first; Sign out on each other one, and everywhere else. */
export function SessionsCard({ actor }: { actor: SessionsActor }) {
  const view = useSelector(actor, selectSessions, shallowEqual);
  return (
    <Card.Root asChild>
      <section aria-labelledby={HEADING_ID}>
        <Card.Header className={css({ px: { base: '4', sm: '6' } })}>
          <Card.Title id={HEADING_ID}>Signed-in sessions</Card.Title>
          <Card.Description>Where you are signed in now. Sign out of any you do not recognise.</Card.Description>
        </Card.Header>
        <Card.Body className={css({ px: { base: '4', sm: '6' } })}>
          {view.phase === 'loading' ? <Spinner size="sm" label="Loading your sessions" /> : null}
          {view.phase === 'failed' ? (
            <AlertMessage onRetry={view.canRetry ? () => actor.send({ type: 'sessions.retry' }) : undefined}>{view.error ?? 'Your sessions could not be loaded.'}</AlertMessage>
          ) : null}
          {view.phase === 'ready' ? (
            <ul aria-busy={view.refreshing} className={css({ display: 'grid', listStyle: 'none', p: '0', m: '0' })}>
              {view.rows.map((row) => (
                <SessionRow key={row.session.id} row={row} onSignOut={() => actor.send({ type: 'session.signOut', id: row.session.id })} />
              ))}
            </ul>
          ) : null}
          {view.phase === 'ready' && view.error ? <AlertMessage className={css({ mt: '3' })}>{view.error}</AlertMessage> : null}
        </Card.Body>
        {view.phase === 'ready' && view.hasOthers ? (
          <Card.Footer className={css({ justifyContent: 'flex-start', px: { base: '4', sm: '6' }, pt: '4', pb: '6', borderTopWidth: '1px', borderColor: 'border.default' })}>
            <Button variant="outline" tone="error" loading={view.signingOutOthers} disabled={!view.canSignOutOthers} onClick={() => actor.send({ type: 'sessions.signOutOthers' })}>
              Sign out everywhere else
            </Button>
          </Card.Footer>
        ) : null}
        <ConfirmDialog
          open={view.confirming}
          title="Sign out everywhere else?"
          description="Every other browser and device signed in as you is signed out at its next step. This one stays signed in."
          cancelLabel="Cancel"
          confirmLabel="Sign out everywhere else"
          onCancel={() => actor.send({ type: 'sessions.signOutOthers.cancel' })}
          onConfirm={() => actor.send({ type: 'sessions.signOutOthers.confirm' })}
        />
      </section>
    </Card.Root>
  );
}

function SessionRow({ row, onSignOut }: { row: SessionRowView; onSignOut(): void }) {
  const display = useDisplay();
  const { session } = row;
  const nameId = `session-${session.id}`;
  return (
    <li
      aria-labelledby={nameId}
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '3',
        py: '3',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        _last: { borderBottomWidth: '0' },
      })}
    >
      <div className={css({ display: 'grid', gap: '1', minW: '0' })}>
        <p className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold' })}>
          <span id={nameId}>{session.device}</span>
          {session.current ? <Badge tone="success">This device</Badge> : null}
        </p>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {`Signed in ${formatMoment(session.signed_in_at, display)} · Last active ${formatMoment(session.last_active_at, display)}`}
          {` · From ${session.address ?? 'an unknown address'}`}
        </p>
      </div>
      {session.current ? null : (
        <Button size="sm" variant="outline" tone="neutral" loading={row.signingOut} disabled={!row.canSignOut} onClick={onSignOut} aria-describedby={nameId}>
          Sign out
        </Button>
      )}
    </li>
  );
}

import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { REGISTER_ALL_RIGHT, type RegisterSession } from '../../../domain/pos/till.facts.ts';
import { resourceHref } from '../../../domain/paths.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { selectSessionPage, sessionPageMachine } from '../../../machines/checkout/session.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { hidePrint } from '../documents/paper.tsx';
import { PageHeader } from '../resource/page-header.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { CountDialog } from './register-views.tsx';
import { REGISTER_SESSIONS } from './session-defs.ts';
import { SessionReport } from './session-report.tsx';
import { closeSession, fetchSession } from './till-server.ts';

/**
 * /pos/sessions/:id: a register session's report on A4 with Print; a manager (`pos setting`)
 * closes one its cashier left open here. The page machine (machines/checkout/session.machine.ts)
 * starts from what the loader brought; this view selects and sends.
 */
export default function SessionRoute({ params, data }: ScreenProps) {
  const system = useAppSystem();
  const machine = useMemo(
    () =>
      sessionPageMachine.provide({
        actions: { print: () => window.print() },
      }),
    [],
  );
  const input = useMemo(
    () => ({
      id: params.id ?? '',
      session: data as RegisterSession | undefined,
      manager: selectPermissions(system.auth.getSnapshot()).has(REGISTER_ALL_RIGHT),
      server: { session: (id: string) => fetchSession(system.api, id), closeSession: (id: number, body: Parameters<typeof closeSession>[2]) => closeSession(system.api, id, body) },
    }),
    [system],
  );
  const actor = useActorRef(machine, { input, inspect: system.inspect });
  const view = useSelector(actor, selectSessionPage, shallowEqual);
  const s = view.session;

  if (view.phase === 'unavailable') {
    return (
      <AlertMessage variant="centered" title="This register session could not be loaded." onRetry={() => actor.send({ type: 'session.retry' })}>
        {view.notice}
      </AlertMessage>
    );
  }
  if (!s) {
    return (
      <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
        <Spinner size="lg" label="Loading the register session" />
      </div>
    );
  }
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <div className={hidePrint}>
        <PageHeader
          subtitle={
            <AppLink href={resourceHref.list(REGISTER_SESSIONS)} className={css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px' })}>
              ← Back to register sessions
            </AppLink>
          }
          actions={
            <>
              {view.canClose && (
                <Button variant="solid" tone="error" size="sm" onClick={() => actor.send({ type: 'close.start' })}>
                  Close session
                </Button>
              )}
              <Button variant="outline" size="sm" disabled={!view.canPrint} onClick={() => actor.send({ type: 'session.print' })}>
                <Icon name="receipt" size="sm" />
                Print
              </Button>
            </>
          }
        />
        {s.status === 'open' && !view.canClose && !view.closingOpen && <p className={css({ color: 'fg.muted' })}>Open: its cashier closes it at the till; a manager (POS setting) may close it here.</p>}
      </div>
      <SessionReport session={s} paper="sheet" />
      <CountDialog title={`Close ${s.reference} (${s.opened_by.name}’s)`} send={actor.send} view={{ open: view.closingOpen, methods: s.methods, errors: view.errors, notice: view.notice, busy: view.busy }} />
    </div>
  );
}

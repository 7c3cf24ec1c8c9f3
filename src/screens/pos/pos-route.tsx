import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { selectUserName } from '../../../machines/auth.machine.ts';
import { selectCheckout, selectRegister } from '../../../machines/checkout/checkout.selectors.ts';
import type { TillSaved } from '../../../machines/checkout/checkout.machine.ts';
import { registerMachine, type TillOpening } from '../../../machines/checkout/register.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { localTillStore } from '../../pos/till-store.ts';
import type { ScreenProps } from '../screen-props.ts';
import { lookupCatalogue } from './lookup-catalogue.ts';
import { CashDialog, CloseDialog, ClosingReport, OpenRegister } from './register-views.tsx';
import { storageOutbox } from './storage-outbox.ts';
import { Till } from './till.tsx';
import { tillServer } from './till-server.ts';

const newKey = () => globalThis.crypto?.randomUUID?.() ?? `till-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * /pos and /website: the till. The register machine (machines/checkout/register.machine.ts)
 * starts from what the page's loader brought (the terms, the open session) and runs the
 * checkout while the session is open; this view selects and sends. The catalogue and outbox are
 * the FALLBACK ones (./lookup-catalogue.ts, ./storage-outbox.ts) until the IndexedDB ones land.
 */
export default function PosRoute({ data }: ScreenProps) {
  const system = useAppSystem();
  const cashier = useSelector(system.auth, selectUserName);
  const input = useMemo(
    () => ({
      cashier,
      server: tillServer(system.api),
      catalogue: lookupCatalogue(system.api),
      outbox: storageOutbox(),
      store: localTillStore<TillSaved>('till'),
      newKey,
      now: () => new Date().toISOString(),
      opening: data as TillOpening | undefined,
    }),
    // The till is made once per page; a new name for the cashier does not restart it.
    [system],
  );
  const register = useActorRef(registerMachine, { input, inspect: system.inspect });
  const view = useSelector(register, selectRegister, shallowEqual);
  const checkout = useSelector(register, selectCheckout);

  return (
    // Full height under the app's header, title and footer; on a phone the page scrolls instead.
    <div className={css({ display: 'flex', flexDirection: 'column', minH: '28rem', h: { md: 'calc(100dvh - 15rem)' } })}>
      {view.phase === 'loading' && (
        <div className={css({ m: 'auto' })}>
          <Spinner label="Opening the till" />
        </div>
      )}
      {view.phase === 'unavailable' && (
        <div role="alert" className={css({ m: 'auto', display: 'grid', gap: '3', justifyItems: 'center' })}>
          <p>{view.notice}</p>
          <Button onClick={() => register.send({ type: 'register.reload' })}>Try again</Button>
        </div>
      )}
      {view.phase === 'none' && <OpenRegister register={register} />}
      {view.phase === 'open' && checkout && (
        <>
          <Till checkout={checkout} register={register} />
          <CashDialog register={register} />
          <CloseDialog register={register} />
        </>
      )}
      {view.phase === 'closed' && <ClosingReport register={register} />}
    </div>
  );
}

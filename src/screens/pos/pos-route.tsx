import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromCallback } from 'xstate';
import { css } from 'styled-system/css';
import { selectUserName } from '../../../machines/auth.machine.ts';
import { selectCheckout, selectRegister } from '../../../machines/checkout/checkout.selectors.ts';
import { checkoutMachine, type TillSaved } from '../../../machines/checkout/checkout.machine.ts';
import { registerMachine, type TillOpening } from '../../../machines/checkout/register.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import type { AppSystem } from '../../app/system.ts';
import { relationOptionsMachine } from '../../resources/options-providers.ts';
import { customers } from '../../../domain/resources/people.ts';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { createCatalogueStore } from '../../pos/catalogue-store.ts';
import { createOutbox } from '../../pos/outbox.ts';
import { registerTillServiceWorker } from '../../pos/register-sw.ts';
import { localTillStore } from '../../pos/till-store.ts';
import { listenForScans } from '../../pos/scanner-listener.ts';
import { keysBeforeTakeover } from '../../app/before-takeover.ts';
import { openDisplayLink } from '../../pos/customer-display.ts';
import type { ScreenProps } from '../screen-props.ts';
import { CashDialog, CloseDialog, ClosingReport, OpenRegister } from './register-views.tsx';
import { Till } from './till.tsx';
import { tillServer } from './till-server.ts';

/**
 * The register and its checkout, with the page's scanner (a code typed fast and ended by Enter
 * anywhere on the page is a scan) and the customers' search the sale form's customer field uses.
 */
const tillMachineOf = (system: AppSystem) =>
  registerMachine.provide({
    actors: {
      checkout: checkoutMachine.provide({
        actors: {
          // Hears the keys typed on the drawn till before the app took it over too: a scan across the takeover is one scan.
          listenScans: fromCallback(({ sendBack }) => listenForScans((code) => sendBack({ type: 'scan', code }), { earlier: keysBeforeTakeover() })),
          customerOptions: relationOptionsMachine(system, customers),
        },
      }),
    },
  });

const newKey = () => globalThis.crypto?.randomUUID?.() ?? `till-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * /pos and /website: the till. The register machine (machines/checkout/register.machine.ts)
 * starts from what the page's loader brought (the terms, the open session) and runs the
 * checkout while the session is open; this view selects and sends. It gives them the browser's
 * storage: the catalogue and the outbox in IndexedDB (src/pos/), the cart in localStorage.
 */
export default function PosRoute({ data, screen }: ScreenProps) {
  const system = useAppSystem();
  const cashier = useSelector(system.auth, selectUserName);
  const input = useMemo(
    () => ({
      cashier,
      server: tillServer(system.api),
      catalogue: createCatalogueStore({ get: (path) => system.api.call(path) }),
      outbox: createOutbox(),
      store: localTillStore<TillSaved>('till'),
      newKey,
      now: () => new Date().toISOString(),
      display: openDisplayLink(),
      opening: data as TillOpening | undefined,
      // The open session and its terms, kept for a reload without the network (forgotten on sign-out).
      keep: system.keptForOffline<TillOpening>(screen),
    }),
    // The till is made once per page; a new name for the cashier does not restart it.
    [system],
  );
  const tillMachine = useMemo(() => tillMachineOf(system), [system]);
  const register = useActorRef(tillMachine, { input, inspect: system.inspect });
  // The till's code kept for a reload without the network (a no-op outside a production build).
  useEffect(() => void registerTillServiceWorker(), []);
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

import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import type { DashboardResponse } from '../../../domain/insight/dashboard.ts';
import { selectUserName } from '../../../machines/auth.machine.ts';
import { dashboardMachine } from '../../../machines/dashboard/dashboard.machine.ts';
import { selectDashboard } from '../../../machines/dashboard/dashboard.selectors.ts';
import { selectTheme } from '../../../machines/ui.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useDisplay } from '../../app/display.ts';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import type { ScreenProps } from '../screen-props.ts';
import { DashboardScreen } from './dashboard-screen.tsx';
import { fetchDashboard } from './dashboard-server.ts';

/**
 * /dashboard: the dashboard machine (machines/dashboard/) starts from what the page's loader got
 * (src/pages/loaders/dashboard.ts) or asks itself; it is told when the tab is shown again, and
 * asks anew. This view selects and sends.
 */
export default function DashboardRoute({ data }: ScreenProps) {
  const system = useAppSystem();
  const name = useSelector(system.auth, selectUserName);
  const theme = useSelector(system.ui, selectTheme);
  const display = useDisplay();
  const machine = useMemo(
    () =>
      dashboardMachine.provide({
        actors: {
          loadDashboard: fromPromise(() => fetchDashboard(system.api)),
          watchShown: fromCallback(({ sendBack }) => {
            const shown = () => {
              if (document.visibilityState === 'visible') sendBack({ type: 'dashboard.refresh' });
            };
            document.addEventListener('visibilitychange', shown);
            return () => document.removeEventListener('visibilitychange', shown);
          }),
        },
      }),
    [system],
  );
  const actor = useActorRef(machine, { input: { data: data as DashboardResponse | undefined }, inspect: system.inspect });
  const view = useSelector(actor, selectDashboard, shallowEqual);
  return <DashboardScreen name={name} view={view} send={actor.send} display={display} theme={theme} />;
}

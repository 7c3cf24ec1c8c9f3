import type { TillOpening } from '../../../machines/checkout/register.machine.ts';
import type { AppSystem } from '../../app/system.ts';
import { currentSession, fetchSession, posTerms } from '../../screens/pos/till-server.ts';
import type { PageRequest } from '../page.ts';

/** The till (/pos, /website) opens on its terms and the person's open register session, if any: the register machine starts from them (src/screens/pos/pos-route.tsx). */
export async function loadTill(system: AppSystem): Promise<TillOpening> {
  const [terms, session] = await Promise.all([posTerms(system.api), currentSession(system.api)]);
  return { terms, session };
}

/** A register session's page (/pos/sessions/:id): the session, its report's data. */
export const loadSession = (system: Pick<AppSystem, 'api'>, request: Pick<PageRequest, 'params'>) => fetchSession(system.api, request.params.id ?? '');

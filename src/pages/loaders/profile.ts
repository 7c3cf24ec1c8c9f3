import type { SignedInSession } from '../../../domain/sessions.ts';
import type { Api } from '../../app/api.ts';
import type { AppSystem } from '../../app/system.ts';

/** What the profile page shows from the API: the person's signed-in sessions (the rest is the session's user). */
export interface ProfileData {
  sessions: SignedInSession[];
}

export const SESSIONS_API = '/api/sessions';

/** GET the sessions; the page's loader and the sessions machine's own load ask through this one. */
export async function fetchSessions(api: Pick<Api, 'call'>): Promise<SignedInSession[]> {
  return (await api.call<{ data: SignedInSession[] }>(SESSIONS_API)).data;
}

/** /admin/profile: the sessions list. */
export async function loadProfile(system: Pick<AppSystem, 'api'>): Promise<ProfileData> {
  return { sessions: await fetchSessions(system.api) };
}

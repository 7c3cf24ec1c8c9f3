import { fromPromise, sendParent } from 'xstate';
import type { SessionUser } from '../../domain/auth.ts';
import { DASHBOARD_PATH } from '../../domain/paths.ts';
import { formMachine } from '../../machines/form/form.machine.ts';
import { NO_PASSWORDS, profileMachine } from '../../machines/profile/profile.machine.ts';
import { sessionsMachine } from '../../machines/profile/sessions.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { fetchSessions, SESSIONS_API } from '../pages/loaders/profile.ts';
import { notifyWith } from './list-providers.ts';
import { formEffects } from './providers.ts';

/**
 * The profile screen's real side effects: HTTP through the API client, toasts, the session's
 * user (the shell's name) and the document's focus. One-liners; the machines decide.
 */
export function profileScreenMachine(system: AppSystem) {
  const { api } = system;
  // The forms stay on the page when saved; Cancel goes to the dashboard, as a settings form's does.
  const effects = formEffects(system, DASHBOARD_PATH);
  return profileMachine.provide({
    actors: {
      profileForm: formMachine.provide({
        actors: {
          saveRecord: fromPromise(async ({ input }) => {
            const { user } = await api.call<{ user: SessionUser }>('/api/profile', { method: 'PATCH', body: input.body });
            // The shell's name and the stored session follow at once.
            system.auth.send({ type: 'user.updated', user });
            return { message: 'Your profile is saved.', data: { name: user.name, email: user.email } };
          }),
        },
        actions: effects,
      }),
      passwordForm: formMachine.provide({
        actors: {
          saveRecord: fromPromise(async ({ input }) => {
            const { message } = await api.call<{ message: string }>('/api/password', { method: 'PATCH', body: input.body });
            return { message, data: NO_PASSWORDS };
          }),
        },
        actions: { ...effects, savedInPlace: sendParent({ type: 'password.changed' }) },
      }),
      sessions: sessionsMachine.provide({
        actors: {
          loadSessions: fromPromise(() => fetchSessions(api)),
          endSession: fromPromise(({ input }) => api.call<{ message: string }>(`${SESSIONS_API}/${input.id}`, { method: 'DELETE' })),
          endOtherSessions: fromPromise(() => api.call<{ message: string }>(`${SESSIONS_API}/others`, { method: 'DELETE' })),
        },
        actions: { notify: notifyWith(system) },
      }),
    },
  });
}

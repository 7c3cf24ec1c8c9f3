import { sendTo, setup, type ActorRefFrom } from 'xstate';
import { passwordBody, profileBody } from '../../domain/auth-schemas.ts';
import type { SignedInSession } from '../../domain/sessions.ts';
import { formMachine, type FormSpec } from '../form/form.machine.ts';
import { sessionsMachine } from './sessions.machine.ts';

/**
 * The profile screen: the person's name and email, their password, and their signed-in sessions,
 * each its own machine (two forms, edited in place, and the sessions list) that this one starts
 * and coordinates. A changed password ends the other sessions on the server, so the password
 * form's "saved" makes the list read them again.
 */

/** Name and email (PATCH /api/profile). */
export const PROFILE_FORM: FormSpec = {
  label: 'profile',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'name' },
    { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  ],
  schema: profileBody,
  defaults: { name: '', email: '' },
};

/** The blank password form, and what it is again once a change is saved. */
export const NO_PASSWORDS = { current_password: '', password: '', password_confirmation: '' };

/** A password change (PATCH /api/password): the current one is checked by the server, and throttled. */
export const PASSWORD_FORM: FormSpec = {
  label: 'password',
  fields: [
    { name: 'current_password', label: 'Current password', kind: 'password', required: true, autoComplete: 'current-password', wide: true },
    { name: 'password', label: 'New password', kind: 'password', required: true, autoComplete: 'new-password' },
    { name: 'password_confirmation', label: 'Confirm the new password', kind: 'password', required: true, autoComplete: 'new-password' },
  ],
  schema: passwordBody,
  defaults: NO_PASSWORDS,
};

export interface ProfileInput {
  /** The signed-in person, as the session holds them. */
  user: { name: string; email: string };
  /** The sessions the page loaded; the list loads them itself when absent. */
  sessions?: SignedInSession[] | undefined;
}

export const profileMachine = setup({
  types: {
    input: {} as ProfileInput,
    context: {} as ProfileInput,
    events: {} as { type: 'password.changed' },
  },
  actors: { profileForm: formMachine, passwordForm: formMachine, sessions: sessionsMachine },
}).createMachine({
  id: 'profile',
  context: ({ input }) => input,
  invoke: [
    {
      id: 'profileForm',
      src: 'profileForm',
      input: ({ context }) => ({ spec: PROFILE_FORM, mode: 'single' as const, record: { data: { ...context.user } } }),
    },
    {
      id: 'passwordForm',
      src: 'passwordForm',
      input: () => ({ spec: PASSWORD_FORM, mode: 'single' as const, record: { data: NO_PASSWORDS } }),
    },
    { id: 'sessions', src: 'sessions', input: ({ context }) => ({ sessions: context.sessions }) },
  ],
  on: {
    'password.changed': { actions: sendTo('sessions', { type: 'sessions.reload' }) },
  },
});

export type ProfileActor = ActorRefFrom<typeof profileMachine>;

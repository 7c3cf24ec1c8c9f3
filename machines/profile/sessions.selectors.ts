import type { SnapshotFrom } from 'xstate';
import type { SignedInSession } from '../../domain/sessions.ts';
import type { sessionsMachine } from './sessions.machine.ts';

/**
 * What the sessions card shows, from the machine's snapshot: the phase, each row with whether
 * its Sign out can be pressed (asked of the machine) and whether it is the one being signed
 * out, and the state of "Sign out everywhere else" and its question.
 */
export type SessionsSnapshot = SnapshotFrom<typeof sessionsMachine>;

export type SessionsPhase = 'loading' | 'failed' | 'ready';

export interface SessionRowView {
  session: SignedInSession;
  canSignOut: boolean;
  signingOut: boolean;
}

export function selectSessions(s: SessionsSnapshot) {
  const phase: SessionsPhase = s.matches('loadFailed') ? 'failed' : s.matches('ready') ? 'ready' : 'loading';
  const rows: SessionRowView[] = s.context.sessions.map((session) => ({
    session,
    canSignOut: s.can({ type: 'session.signOut', id: session.id }),
    signingOut: s.matches({ ready: 'signingOut' }) && s.context.ending === session.id,
  }));
  return {
    phase,
    rows,
    error: s.context.error,
    canSignOutOthers: s.can({ type: 'sessions.signOutOthers' }),
    hasOthers: s.context.sessions.some((x) => !x.current),
    confirming: s.matches({ ready: 'confirmingOthers' }),
    signingOutOthers: s.matches({ ready: 'signingOutOthers' }),
    refreshing: s.matches({ ready: 'reloading' }),
    canRetry: s.can({ type: 'sessions.retry' }),
  };
}

export type SessionsView = ReturnType<typeof selectSessions>;

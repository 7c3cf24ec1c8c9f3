/**
 * Model-based tests of the profile screen's machines: machines/profile/sessions.machine.ts (the
 * signed-in sessions: load, sign out one other, sign out everywhere else after asking, reload)
 * walked over its whole graph on a REAL actor whose HTTP calls are deferred promises the test
 * settles; and machines/profile/profile.machine.ts, which starts the two forms (the form
 * machine, modelled in form.model.test.ts) and the list, and reloads the list when the password
 * form saves. Each step checks what a person relies on: the current session never offers Sign
 * out, a row leaves the list only once its session has ended, a failure says why and keeps the row.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import type { SignedInSession } from '../../domain/sessions.ts';
import { formMachine } from '../../machines/form/form.machine.ts';
import { NO_PASSWORDS, profileMachine } from '../../machines/profile/profile.machine.ts';
import { sessionsMachine } from '../../machines/profile/sessions.machine.ts';
import { selectSessions } from '../../machines/profile/sessions.selectors.ts';
import type { Notice } from '../../machines/toast/toast.constants.ts';
import { Coverage, deferredCalls, internalOnlyWhenEnabled, itWalksEveryPath, replayPath } from './coverage.ts';

type Snap = SnapshotFrom<typeof sessionsMachine>;
type Input = { sessions?: SignedInSession[] };
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

const row = (id: number, current = false): SignedInSession => ({
  id,
  device: current ? 'Chrome on Linux' : 'Safari on iOS',
  signed_in_at: '2026-03-01T09:00:00.000Z',
  last_active_at: '2026-03-01T10:00:00.000Z',
  address: `198.51.100.${id}`,
  current,
});
const ALL = [row(1, true), row(2), row(3)];
const ONLY_ME = [row(1, true)];

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });
const OFFLINE = { status: 0, message: 'The server cannot be reached.' };
const GONE = { status: 404, message: 'That session was not found: it may have ended already.' };

const EVENTS: AnyEventObject[] = [
  { type: 'session.signOut', id: 1 },
  { type: 'session.signOut', id: 2 },
  { type: 'session.signOut', id: 3 },
  { type: 'sessions.signOutOthers' },
  { type: 'sessions.signOutOthers.confirm' },
  { type: 'sessions.signOutOthers.cancel' },
  { type: 'sessions.retry' },
  { type: 'sessions.reload' },
  done('loadSessions', ALL),
  fail('loadSessions', OFFLINE),
  done('endSession', { message: 'That session is signed out.' }),
  fail('endSession', GONE),
  fail('endSession', OFFLINE),
  done('endOtherSessions', { message: 'Signed out of 2 other sessions.' }),
  fail('endOtherSessions', OFFLINE),
  done('reloadSessions', ONLY_ME),
  fail('reloadSessions', OFFLINE),
];

const coverage = new Coverage('sessions', sessionsMachine);
const serialize = (s: Snap) => JSON.stringify({ value: s.value, ids: s.context.sessions.map((x) => x.id), ending: s.context.ending, error: s.context.error });

function harness(input: Input) {
  const loads = deferredCalls<SignedInSession[]>();
  const ends = deferredCalls<{ message: string }>();
  const others = deferredCalls<{ message: string }>();
  const notify = vi.fn<(n: Notice) => void>();
  const machine = sessionsMachine.provide({
    actors: {
      loadSessions: fromPromise<SignedInSession[]>((a) => loads.start(a)),
      endSession: fromPromise<{ message: string }, { id: number }>((a) => ends.start(a)),
      endOtherSessions: fromPromise<{ message: string }>((a) => others.start(a)),
    },
    actions: { notify: (_, n) => notify(n) },
  });
  const actor = createActor(machine, { input, inspect: coverage.inspect }).start();
  return { actor, loads, ends, others, notify };
}
type H = ReturnType<typeof harness>;

/** The deferred call an internal event settles. */
const callOf = (h: H, type: string) =>
  type.endsWith('.loadSessions') || type.endsWith('.reloadSessions') ? h.loads : type.endsWith('.endSession') ? h.ends : h.others;

async function step(h: H, event: AnyEventObject, expected: Snap) {
  const before = h.actor.getSnapshot();
  const calls = h.notify.mock.calls.length;
  if (event.type.startsWith('xstate.done.actor.')) {
    callOf(h, event.type).only().resolve(event.output as never);
    await settled();
  } else if (event.type.startsWith('xstate.error.actor.')) {
    callOf(h, event.type).only().reject(event.error);
    await settled();
  } else if (event.type !== 'xstate.init') {
    // What the person sees decides whether they could press it: a view only sends what `can` allows.
    const view = selectSessions(before);
    if (event.type === 'session.signOut') {
      const shown = view.rows.find((r) => r.session.id === (event as unknown as { id: number }).id);
      if (shown?.session.current) expect(shown.canSignOut).toBe(false);
    }
    h.actor.send(event as never);
  }
  const after = h.actor.getSnapshot();
  expect(serialize(after)).toBe(serialize(expected));
  const { sessions, ending, error } = after.context;
  // This device is always listed once loaded, and is never the one being signed out.
  if (after.matches('ready')) expect(sessions.filter((s) => s.current).map((s) => s.id)).toEqual([1]);
  expect(ending).not.toBe(1);
  if (after.matches({ ready: 'signingOut' })) expect(h.ends.only().input).toEqual({ id: ending });
  else expect(ending).toBeNull();
  if (event.type === 'xstate.done.actor.endSession') {
    expect(sessions.some((s) => s.id === before.context.ending)).toBe(false);
    expect(h.notify.mock.calls.slice(calls)).toEqual([[{ toastType: 'success', body: 'That session is signed out.' }]]);
  }
  if (event.type === 'xstate.error.actor.endSession') {
    // Gone already: off the list, nothing to fix. Any other failure: the row stays, with why.
    const gone = (event.error as { status: number }).status === 404;
    expect(sessions.some((s) => s.id === before.context.ending)).toBe(!gone);
    expect(error).toBe(gone ? null : OFFLINE.message);
  }
  if (event.type === 'xstate.done.actor.endOtherSessions') expect(sessions).toEqual(ONLY_ME);
  if (event.type === 'xstate.error.actor.endOtherSessions') expect(sessions).toEqual(before.context.sessions);
  if (after.matches({ ready: 'confirmingOthers' })) expect(selectSessions(after).confirming).toBe(true);
  if (after.matches('loadFailed')) expect(selectSessions(after)).toMatchObject({ phase: 'failed', error: OFFLINE.message, canRetry: true });
  // No request is left running that the state is not waiting for.
  const waiting = after.matches('loading') || after.matches({ ready: 'reloading' }) ? 1 : 0;
  expect(h.loads.live().length).toBe(waiting);
  expect(h.others.live().length).toBe(after.matches({ ready: 'signingOutOthers' }) ? 1 : 0);
}

const modelOf = (input: Input) =>
  new TestModel(sessionsMachine as unknown as ActorLogic<Snap, AnyEventObject, Input>, {
    input,
    events: EVENTS,
    filterEvents: internalOnlyWhenEnabled as never,
    serializeState: serialize,
  });

const walk = (input: Input) => (path: StatePath<Snap, AnyEventObject>) =>
  replayPath(path, () => harness(input), (h, event, state) => step(h, event, state));

describe('sessions machine, model paths on a real actor', () => {
  describe('loading the list itself (the page could not)', () => {
    const model = modelOf({});
    itWalksEveryPath(model, serialize, walk({}), 60_000);
  });
  describe('starting from what the page loaded', () => {
    const model = modelOf({ sessions: ALL });
    itWalksEveryPath(model, serialize, walk({ sessions: ALL }), 60_000);
  });

  it('asks before signing out everywhere else, and offers it only while there is another session', async () => {
    const h = harness({ sessions: ONLY_ME });
    expect(selectSessions(h.actor.getSnapshot())).toMatchObject({ canSignOutOthers: false, hasOthers: false });
    h.actor.send({ type: 'sessions.signOutOthers' });
    expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    h.actor.stop();
  });

  it('covers every state and transition of the sessions machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

describe('profile machine: the two forms and the list, started and coordinated', () => {
  const profileCoverage = new Coverage('profile', profileMachine);

  function screen() {
    const saves = { profile: deferredCalls<{ message: string; data?: Record<string, unknown> }>(), password: deferredCalls<{ message: string; data?: Record<string, unknown> }>() };
    const loads = deferredCalls<SignedInSession[]>();
    const formOf = (calls: typeof saves.profile) =>
      formMachine.provide({ actors: { saveRecord: fromPromise((a) => calls.start(a)) } });
    const machine = profileMachine.provide({
      actors: {
        profileForm: formOf(saves.profile),
        passwordForm: formOf(saves.password).provide({ actions: { savedInPlace: ({ self }) => self._parent?.send({ type: 'password.changed' }) } }),
        sessions: sessionsMachine.provide({ actors: { loadSessions: fromPromise<SignedInSession[]>((a) => loads.start(a)) } }),
      },
    });
    const actor = createActor(machine, { input: { user: { name: 'Pat', email: 'pat@example.com' }, sessions: ALL }, inspect: profileCoverage.inspect }).start();
    const child = <K extends 'profileForm' | 'passwordForm' | 'sessions'>(k: K) => actor.getSnapshot().children[k]!;
    return { actor, saves, loads, child };
  }

  it('starts the name form from the session, the password form blank, and the list from the page', () => {
    const s = screen();
    expect(s.child('profileForm').getSnapshot().context.values).toEqual({ name: 'Pat', email: 'pat@example.com' });
    expect(s.child('passwordForm').getSnapshot().context.values).toEqual(NO_PASSWORDS);
    expect(s.child('sessions').getSnapshot().context.sessions).toEqual(ALL);
    expect(s.loads.calls).toEqual([]);
    s.actor.stop();
  });

  it('a saved password blanks its form and reads the sessions again (the others ended); a refused one does not', async () => {
    const s = screen();
    const form = s.child('passwordForm');
    const type = (values: Record<string, string>) => Object.entries(values).forEach(([name, value]) => form.send({ type: 'field.change', name, value }));
    type({ current_password: 'wrong', password: 'a-long-new-secret', password_confirmation: 'a-long-new-secret' });
    form.send({ type: 'form.submit' });
    s.saves.password.only().reject({ status: 429, message: 'Too many wrong passwords. Try again in 15 minutes.' });
    await settled();
    expect(form.getSnapshot().context.formError).toBe('Too many wrong passwords. Try again in 15 minutes.');
    expect(s.loads.calls).toEqual([]);

    form.send({ type: 'form.submit' });
    s.saves.password.only().reject({ status: 422, message: 'The given data was invalid.', errors: { current_password: ['The current password is incorrect.'] } });
    await settled();
    expect(form.getSnapshot().context.errors).toEqual({ current_password: 'The current password is incorrect.' });
    expect(s.loads.calls).toEqual([]);

    type({ current_password: 'password' });
    form.send({ type: 'form.submit' });
    expect(s.saves.password.only().input).toMatchObject({ body: { current_password: 'password', password: 'a-long-new-secret', password_confirmation: 'a-long-new-secret' } });
    s.saves.password.only().resolve({ message: 'Password updated.', data: NO_PASSWORDS });
    await settled();
    expect(form.getSnapshot().context.values).toEqual(NO_PASSWORDS);
    expect(s.child('sessions').getSnapshot().matches({ ready: 'reloading' })).toBe(true);
    s.loads.only().resolve(ONLY_ME);
    await settled();
    expect(s.child('sessions').getSnapshot().context.sessions).toEqual(ONLY_ME);
    s.actor.stop();
  });

  it('a saved name does not touch the sessions; an email in use is said under its field', async () => {
    const s = screen();
    const form = s.child('profileForm');
    form.send({ type: 'field.change', name: 'email', value: 'admin@example.com' });
    form.send({ type: 'form.submit' });
    s.saves.profile.only().reject({ status: 422, message: 'The given data was invalid.', errors: { email: ['This email address is already in use.'] } });
    await settled();
    expect(form.getSnapshot().context.errors).toEqual({ email: 'This email address is already in use.' });
    form.send({ type: 'field.change', name: 'email', value: 'pat.doe@example.com' });
    form.send({ type: 'form.submit' });
    s.saves.profile.only().resolve({ message: 'Your profile is saved.', data: { name: 'Pat', email: 'pat.doe@example.com' } });
    await settled();
    expect(form.getSnapshot().context.initial).toEqual({ name: 'Pat', email: 'pat.doe@example.com' });
    expect(s.loads.calls).toEqual([]);
    s.actor.stop();
  });

  it('covers every state and transition of the profile machine', () => {
    const r = profileCoverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

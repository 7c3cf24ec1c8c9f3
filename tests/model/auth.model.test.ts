/**
 * Model-based tests of machines/auth.machine.ts. The machine's own graph (xstate/graph) gives
 * the paths; each path is replayed on a REAL actor of the machine whose HTTP calls are
 * deferred promises the test settles, whose retry delay runs on a SimulatedClock and whose
 * injected actions are spies. Every step checks the real actor reached the model's state and
 * that the side effects of SPEC §4/§8 happened (or, for ignored events, that nothing did).
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { AUTH_MESSAGES, authMachine, type RequestFailure, type StoredSession } from '../../machines/auth.machine.ts';
import type { LoginResponse, SessionUser } from '../../domain/auth.ts';
import { PERMISSIONS, type Permission } from '../../domain/permissions.ts';
import { Coverage, deferredCalls, edgePaths, flush, internalOnlyWhenEnabled } from './coverage.ts';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;
type AuthInput = { stored: StoredSession | null; checked?: boolean; offline?: boolean };

const coverage = new Coverage('auth', authMachine);

// ---------------------------------------------------------------- fixtures
const role = (id: number, name: string, perms: string[]) => ({
  id,
  name,
  permissions: perms.map((n, i) => ({ id: id * 100 + i, name: n })),
});
/** Two roles whose permissions overlap (dashboard twice): the union has five names. */
const cashier: SessionUser = {
  id: 2,
  name: 'Casey Cashier',
  email: 'casey@example.com',
  phone: null,
  status: 'active',
  roles: [role(2, 'Cashier', ['dashboard', 'pos', 'sales list']), role(3, 'Clerk', ['sales create', 'customer list', 'dashboard'])],
};
const CASHIER_PERMISSIONS: Permission[] = ['customer list', 'dashboard', 'pos', 'sales create', 'sales list'];
/** Super Admin holds every permission even though the role lists none. */
const superAdmin: SessionUser = {
  id: 1,
  name: 'Ada Admin',
  email: 'ada@example.com',
  phone: null,
  status: 'active',
  roles: [role(1, 'Super Admin', [])],
};
const renamed: SessionUser = { ...cashier, name: 'Casey Renamed' };

const EXPECTED_PERMISSIONS: Record<string, readonly Permission[]> = {
  [cashier.name]: CASHIER_PERMISSIONS,
  [renamed.name]: CASHIER_PERMISSIONS,
  [superAdmin.name]: PERMISSIONS,
};

const STORED: StoredSession = { token: 'tok-stored', user: superAdmin };
const NEW_TOKEN = 'tok-new';
const VALID = { email: 'casey@example.com', password: 'secret' };
const INVALID = { email: 'not-an-email', password: 'secret' };

const loginSuccess: LoginResponse = {
  Status: 'success',
  access_token: NEW_TOKEN,
  token_type: 'Bearer',
  expires_at: '2030-01-01T00:00:00Z',
  user: cashier,
};
const loginFailed: LoginResponse = { Status: 'failed', message: 'This account is inactive.' };
const fail = (status: number, message: string, errors?: Record<string, string[]>): RequestFailure =>
  errors !== undefined ? { status, message, errors } : { status, message };
const ERR_FIELDS = fail(422, 'The given data was invalid.', { email: ['These credentials do not match our records.'] });
const ERR_422 = fail(422, 'Invalid Credentials');
/** A 422 whose `errors` is present but empty is not a field error. */
const ERR_422_EMPTY = fail(422, 'Invalid Credentials', {});
const ERR_429 = fail(429, 'Too many login attempts. Try again in 60 seconds.');
const ERR_OFFLINE = fail(0, 'Failed to fetch');

const EVENTS: AnyEventObject[] = [
  { type: 'login.submit', ...INVALID },
  { type: 'login.submit', ...VALID },
  { type: 'xstate.done.actor.login', output: loginSuccess },
  { type: 'xstate.done.actor.login', output: loginFailed },
  { type: 'xstate.error.actor.login', error: ERR_FIELDS },
  { type: 'xstate.error.actor.login', error: ERR_422 },
  { type: 'xstate.error.actor.login', error: ERR_422_EMPTY },
  { type: 'xstate.error.actor.login', error: ERR_429 },
  { type: 'xstate.error.actor.login', error: ERR_OFFLINE },
  { type: 'xstate.done.actor.fetchMe', output: superAdmin },
  { type: 'xstate.error.actor.fetchMe', error: fail(401, 'Unauthenticated.') },
  { type: 'xstate.error.actor.fetchMe', error: fail(0, 'Failed to fetch') },
  { type: 'xstate.error.actor.fetchMe', error: fail(500, 'Server Error') },
  { type: 'xstate.after.retryDelay.auth.unreachable' },
  { type: 'xstate.after.retryDelay.auth.offline.waiting' },
  { type: 'network.online' },
  { type: 'retry' },
  { type: 'logout' },
  { type: 'xstate.done.actor.logout' },
  { type: 'xstate.error.actor.logout', error: fail(0, 'Failed to fetch') },
  { type: 'session.expired' },
  { type: 'user.updated', user: renamed },
];

/** Value + the context that matters; the user by name so user.updated makes a new state. */
const serialize = (s: AuthSnapshot): string =>
  JSON.stringify({ value: s.value, fieldErrors: s.context.fieldErrors, user: s.context.user?.name ?? null, token: s.context.token !== null });

function modelFor(input: AuthInput) {
  return new TestModel(authMachine as unknown as ActorLogic<AuthSnapshot, AnyEventObject, AuthInput>, {
    input,
    events: EVENTS,
    filterEvents: internalOnlyWhenEnabled,
    serializeState: serialize,
    stateMatcher: (s, key) => s.matches(key as never),
  });
}

// ---------------------------------------------------------------- the real actor
function harness(input: AuthInput) {
  const clock = new SimulatedClock();
  const fetchMe = deferredCalls<SessionUser>();
  const login = deferredCalls<LoginResponse>();
  const logout = deferredCalls<void>();
  const spy = {
    storeSession: vi.fn<(p: StoredSession) => void>(),
    clearStoredSession: vi.fn<() => void>(),
    notify: vi.fn<(p: { toastType: string; body: string; title?: string }) => void>(),
    showAlert: vi.fn<(p: { kind: string; message?: string }) => void>(),
    announce: vi.fn<(p: { status: 'guest' | 'user'; permissions: Permission[] }) => void>(),
    announceChecking: vi.fn<(p: { permissions: Permission[] }) => void>(),
  };
  const machine = authMachine.provide({
    actors: {
      fetchMe: fromPromise<SessionUser, { token: string }>((a) => fetchMe.start(a)),
      login: fromPromise<LoginResponse, { email: string; password: string }>((a) => login.start(a)),
      logout: fromPromise<void, { token: string }>((a) => logout.start(a)),
    },
    actions: {
      storeSession: (_, p) => spy.storeSession(p),
      clearStoredSession: () => spy.clearStoredSession(),
      notify: (_, p) => spy.notify(p),
      showAlert: (_, p) => spy.showAlert(p),
      announce: (_, p) => spy.announce(p),
      announceChecking: (_, p) => spy.announceChecking(p),
    },
  });
  const actor = createActor(machine, { input, clock, inspect: coverage.inspect });
  actor.start();
  const totalCalls = () => Object.values(spy).reduce((n, f) => n + f.mock.calls.length, 0);
  return { actor, clock, spy, fetchMe, login, logout, totalCalls, input };
}
type Harness = ReturnType<typeof harness>;

const sorted = (p: readonly string[]) => [...p].sort();
const lastCall = <A extends unknown[]>(f: { mock: { calls: A[] } }): A[0] | undefined => f.mock.calls.at(-1)?.[0];

/** Executors: make the real thing happen, then check the side effects SPEC asks for. */
function executors(h: Harness) {
  const { actor, spy } = h;
  const value = () => actor.getSnapshot().value;
  const at = (state: string) => actor.getSnapshot().matches(state as never);
  /** An event the machine must ignore in its current state: no state change, no effect. */
  const expectIgnored = async (send: () => void | Promise<void>) => {
    const before = serialize(actor.getSnapshot());
    const calls = h.totalCalls();
    await send();
    expect(serialize(actor.getSnapshot())).toBe(before);
    expect(h.totalCalls()).toBe(calls);
  };
  const cleared = (before: number) => expect(spy.clearStoredSession).toHaveBeenCalledTimes(before + 1);

  return {
    'xstate.init': () => {},
    'login.submit': async ({ event }: { event: AnyEventObject }) => {
      if (value() !== 'unauthenticated') return expectIgnored(() => actor.send(event as never));
      actor.send(event as never);
      if (event.email === VALID.email) {
        expect(value()).toBe('loggingIn');
        expect(h.login.only().input).toEqual(VALID);
        expect(actor.getSnapshot().context.fieldErrors).toEqual({});
      } else {
        expect(value()).toBe('unauthenticated');
        expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Enter a valid email address.' });
        expect(h.login.calls.filter((c) => !c.settled)).toHaveLength(0);
      }
    },
    'xstate.done.actor.login': async ({ event }: { event: AnyEventObject }) => {
      const clears = spy.clearStoredSession.mock.calls.length;
      const output = event.output as LoginResponse;
      h.login.only().resolve(output);
      await flush();
      if (output.Status === 'failed') {
        expect(value()).toBe('unauthenticated');
        expect(lastCall(spy.notify)).toEqual({ toastType: 'error', body: 'Failed' });
        expect(lastCall(spy.showAlert)).toEqual({ kind: 'danger', message: output.message });
        cleared(clears);
        expect(spy.storeSession).not.toHaveBeenCalledWith(expect.objectContaining({ token: NEW_TOKEN }));
      } else {
        expect(value()).toBe('loggedIn');
        expect(lastCall(spy.storeSession)).toEqual({ token: NEW_TOKEN, user: cashier });
        expect(lastCall(spy.notify)).toEqual({ toastType: 'success', body: 'Successfully login' });
        expect(lastCall(spy.showAlert)).toEqual({ kind: 'clear' });
        expect(spy.clearStoredSession).toHaveBeenCalledTimes(clears);
      }
    },
    'xstate.error.actor.login': async ({ event }: { event: AnyEventObject }) => {
      const error = event.error as RequestFailure;
      const notifies = spy.notify.mock.calls.length;
      h.login.only().reject(error);
      await flush();
      expect(value()).toBe('unauthenticated');
      const fe = actor.getSnapshot().context.fieldErrors;
      if (error.status === 422 && error.errors && Object.keys(error.errors).length > 0) {
        expect(fe.email).toBe(error.errors.email?.[0]);
        expect(spy.notify).toHaveBeenCalledTimes(notifies);
      } else if (error.status === 422) {
        expect(lastCall(spy.notify)).toEqual({ toastType: 'error', body: 'Invalid Credentials' });
        expect(lastCall(spy.showAlert)).toEqual({ kind: 'danger', message: 'Invalid Credentials' });
        expect(fe).toEqual({});
      } else if (error.status === 429) {
        expect(lastCall(spy.notify)).toEqual({ toastType: 'error', body: error.message });
        expect(lastCall(spy.showAlert)).toEqual({ kind: 'danger', message: error.message });
      } else {
        expect(lastCall(spy.notify)).toEqual({ toastType: 'error', body: AUTH_MESSAGES.unreachable });
      }
    },
    'xstate.done.actor.fetchMe': async ({ event }: { event: AnyEventObject }) => {
      const call = h.fetchMe.only();
      expect(call.input).toEqual({ token: STORED.token });
      call.resolve(event.output as SessionUser);
      await flush();
      expect(value()).toBe('loggedIn');
      expect(lastCall(spy.storeSession)).toEqual({ token: STORED.token, user: event.output });
    },
    'xstate.error.actor.fetchMe': async ({ event }: { event: AnyEventObject }) => {
      const error = event.error as RequestFailure;
      const clears = spy.clearStoredSession.mock.calls.length;
      h.fetchMe.only().reject(error);
      await flush();
      if (error.status === 401) {
        expect(value()).toBe('unauthenticated');
        cleared(clears);
        expect(actor.getSnapshot().context).toMatchObject({ user: null, token: null });
      } else if (h.input.offline) {
        // The page kept what it starts from for this person: it opens offline, and waits to check again.
        expect(value()).toEqual({ offline: 'waiting' });
        expect(spy.clearStoredSession).toHaveBeenCalledTimes(clears);
        expect(actor.getSnapshot().context.token).toBe(STORED.token);
      } else {
        // Unreachable or a server error: nothing is forgotten.
        expect(value()).toBe('unreachable');
        expect(spy.clearStoredSession).toHaveBeenCalledTimes(clears);
        expect(actor.getSnapshot().context.token).toBe(STORED.token);
      }
    },
    'xstate.after.retryDelay.auth.unreachable': async () => {
      h.clock.increment(4999);
      expect(value()).toBe('unreachable');
      h.clock.increment(1);
      expect(value()).toBe('checking');
      expect(h.fetchMe.only().input).toEqual({ token: STORED.token });
    },
    'xstate.after.retryDelay.auth.offline.waiting': async () => {
      h.clock.increment(4999);
      expect(value()).toEqual({ offline: 'waiting' });
      h.clock.increment(1);
      expect(value()).toEqual({ offline: 'rechecking' });
      expect(h.fetchMe.only().input).toEqual({ token: STORED.token });
    },
    'network.online': async ({ event }: { event: AnyEventObject }) => {
      if (!at('offline.waiting')) return expectIgnored(() => actor.send(event as never));
      const announces = spy.announce.mock.calls.length;
      actor.send(event as never);
      // Checked at once, without waiting for the next try; the page stays as it is meanwhile.
      expect(value()).toEqual({ offline: 'rechecking' });
      expect(h.fetchMe.only().input).toEqual({ token: STORED.token });
      expect(spy.announce).toHaveBeenCalledTimes(announces);
    },
    retry: async ({ event }: { event: AnyEventObject }) => {
      if (value() !== 'unreachable') return expectIgnored(() => actor.send(event as never));
      actor.send(event as never);
      expect(value()).toBe('checking');
      expect(h.fetchMe.only().input).toEqual({ token: STORED.token });
    },
    logout: async ({ event }: { event: AnyEventObject }) => {
      const before = at('offline') ? 'offline' : value();
      if (before !== 'loggedIn' && before !== 'unreachable' && before !== 'offline') return expectIgnored(() => actor.send(event as never));
      const token = actor.getSnapshot().context.token;
      const clears = spy.clearStoredSession.mock.calls.length;
      actor.send(event as never);
      if (before === 'loggedIn') {
        expect(value()).toBe('loggingOut');
        expect(h.logout.only().input).toEqual({ token });
      } else {
        // Nothing to tell a server that cannot be reached: the session and what was kept are forgotten here.
        expect(value()).toBe('unauthenticated');
        cleared(clears);
      }
    },
    'xstate.done.actor.logout': async () => {
      const clears = spy.clearStoredSession.mock.calls.length;
      h.logout.only().resolve();
      await flush();
      expect(value()).toBe('unauthenticated');
      cleared(clears);
    },
    'xstate.error.actor.logout': async ({ event }: { event: AnyEventObject }) => {
      const clears = spy.clearStoredSession.mock.calls.length;
      h.logout.only().reject(event.error);
      await flush();
      expect(value()).toBe('unauthenticated');
      cleared(clears);
    },
    'session.expired': async ({ event }: { event: AnyEventObject }) => {
      const before = value();
      if (before !== 'loggedIn' && before !== 'loggingOut' && !at('offline')) return expectIgnored(() => actor.send(event as never));
      const clears = spy.clearStoredSession.mock.calls.length;
      actor.send(event as never);
      expect(value()).toBe('unauthenticated');
      cleared(clears);
    },
    'user.updated': async ({ event }: { event: AnyEventObject }) => {
      if (value() !== 'loggedIn') return expectIgnored(() => actor.send(event as never));
      const token = actor.getSnapshot().context.token;
      actor.send(event as never);
      expect(actor.getSnapshot().context.user).toEqual(event.user);
      expect(lastCall(spy.storeSession)).toEqual({ token, user: event.user });
    },
  };
}

/** What must hold in each state, whichever path led there. */
function stateChecks(h: Harness) {
  const { actor, spy } = h;
  const same = (model: AuthSnapshot) => expect(serialize(actor.getSnapshot())).toBe(serialize(model));
  return {
    checking: (model: AuthSnapshot) => {
      same(model);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      h.fetchMe.only();
      // While /me is on its way, the app hears what the stored session may see (its page is got ready meanwhile).
      expect(sorted(lastCall(spy.announceChecking)?.permissions ?? [])).toEqual(sorted(PERMISSIONS));
    },
    unreachable: (model: AuthSnapshot) => {
      same(model);
      expect(actor.getSnapshot().hasTag('error')).toBe(true);
      expect(actor.getSnapshot().context.token).toBe(STORED.token);
    },
    offline: (model: AuthSnapshot) => {
      same(model);
      const snap = actor.getSnapshot();
      expect(snap.hasTag('offline')).toBe(true);
      expect(snap.context.token).toBe(STORED.token);
      // Signed in from what was kept: the stored person's rights, and nothing stored anew.
      expect(lastCall(spy.announce)?.status).toBe('user');
      expect(sorted(lastCall(spy.announce)?.permissions ?? [])).toEqual(sorted(PERMISSIONS));
      expect(spy.storeSession).not.toHaveBeenCalled();
    },
    'offline.rechecking': () => {
      h.fetchMe.only();
    },
    unauthenticated: (model: AuthSnapshot) => {
      same(model);
      expect(actor.getSnapshot().context).toMatchObject({ user: null, token: null });
      expect(lastCall(spy.announce)).toEqual({ status: 'guest', permissions: [] });
      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    },
    loggingIn: (model: AuthSnapshot) => {
      same(model);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      h.login.only();
    },
    loggedIn: (model: AuthSnapshot) => {
      same(model);
      const { user, token } = actor.getSnapshot().context;
      expect(user).not.toBeNull();
      expect(token).not.toBeNull();
      const announced = lastCall(spy.announce);
      expect(announced?.status).toBe('user');
      expect(lastCall(spy.storeSession)?.token).toBe(token);
      // The permissions announced on entry are those of the user who entered.
      expect(sorted(announced?.permissions ?? [])).toEqual(sorted(EXPECTED_PERMISSIONS[announcedUserName(h)] ?? ['?']));
    },
    loggingOut: (model: AuthSnapshot) => {
      same(model);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      h.logout.only();
    },
  };
}

/** The user whose entry into loggedIn produced the last `announce` (user.updated does not re-announce). */
function announcedUserName(h: Harness): string {
  const n = h.spy.announce.mock.invocationCallOrder.at(-1) ?? 0;
  const stores = h.spy.storeSession.mock.calls
    .map((c, i) => ({ user: c[0].user, order: h.spy.storeSession.mock.invocationCallOrder[i] ?? 0 }))
    .filter((s) => s.order < n);
  return stores.at(-1)?.user.name ?? '';
}

async function run(path: StatePath<AuthSnapshot, AnyEventObject>, model: TestModel<AuthSnapshot, AnyEventObject, AuthInput>, input: AuthInput) {
  const h = harness(input);
  try {
    await model.testPath(path, { events: executors(h) as never, states: stateChecks(h) as never });
  } finally {
    h.actor.stop();
  }
}

const INPUTS: { label: string; input: AuthInput }[] = [
  { label: 'stored session', input: { stored: STORED } },
  { label: 'no stored session', input: { stored: null } },
  { label: 'stored session, the page kept for offline', input: { stored: STORED, offline: true } },
];

describe('auth machine, model paths on a real actor', () => {
  for (const { label, input } of INPUTS) {
    const model = modelFor(input);
    const shortest = model.getShortestPaths();
    const simple = model.getSimplePaths();
    const edges = edgePaths(model, serialize);

    it(`${label}: model has paths`, () => {
      expect(shortest.length).toBeGreaterThan(0);
      expect(edges.length).toBeGreaterThan(shortest.length);
    });
    describe(`${label}: shortest paths`, () => {
      for (const path of shortest) it(path.description, () => run(path, model, input));
    });
    describe(`${label}: simple paths`, () => {
      for (const path of simple) it(path.description, () => run(path, model, input));
    });
    describe(`${label}: every edge`, () => {
      edges.forEach((path, i) => it(`edge ${i}: ${path.steps.map((s) => s.event.type).join(' → ')}`, () => run(path, model, input)));
    });
  }

  it('a session the server checked for a drawn page starts signed in, with the answer stored, and asks nothing', () => {
    const h = harness({ stored: { token: STORED.token, user: cashier }, checked: true });
    expect(h.actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(h.fetchMe.calls).toHaveLength(0);
    expect(h.spy.storeSession).toHaveBeenCalledWith({ token: STORED.token, user: cashier });
    expect(sorted(lastCall(h.spy.announce)!.permissions)).toEqual(sorted(CASHIER_PERMISSIONS));
    // Checked, but nothing stored (another tab signed out meanwhile): the login form.
    expect(harness({ stored: null, checked: true }).actor.getSnapshot().matches('unauthenticated')).toBe(true);
  });

  it('covers every state and transition of the auth machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

describe('auth machine, scenarios', () => {
  it('boots without a stored session straight to the login form, announcing a guest', () => {
    const h = harness({ stored: null });
    expect(h.actor.getSnapshot().value).toBe('unauthenticated');
    expect(h.spy.announce.mock.calls).toEqual([[{ status: 'guest', permissions: [] }]]);
    expect(h.fetchMe.calls).toHaveLength(0);
    expect(h.spy.announceChecking).not.toHaveBeenCalled();
  });

  it('boots with a stored session by checking it; Super Admin gets every permission', async () => {
    const h = harness({ stored: STORED });
    expect(h.actor.getSnapshot().value).toBe('checking');
    expect(h.spy.announce).not.toHaveBeenCalled();
    expect(h.spy.announceChecking).toHaveBeenCalledTimes(1);
    h.fetchMe.only().resolve(superAdmin);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('loggedIn');
    expect(h.spy.storeSession.mock.calls).toEqual([[{ token: STORED.token, user: superAdmin }]]);
    const announced = lastCall(h.spy.announce);
    expect(announced?.status).toBe('user');
    expect(sorted(announced?.permissions ?? [])).toEqual(sorted(PERMISSIONS));
    // SPEC §6's 31 names; edit, delete and export beside each of 16 resources' list permission
    // (purchases' since issue 11) and create beside 14 of them (expenses and purchases had theirs);
    // units' five of their own; selling at another price and moving a website order along (issue 34);
    // the reports and the audit trail's (issue 36).
    expect(PERMISSIONS).toHaveLength(31 + 3 * 16 + 14 + 5 + 2 + 2);
  });

  it('announces the union of permissions across roles after sign-in', async () => {
    const h = harness({ stored: null });
    h.actor.send({ type: 'login.submit', ...VALID });
    h.login.only().resolve(loginSuccess);
    await flush();
    expect(sorted(lastCall(h.spy.announce)?.permissions ?? [])).toEqual(CASHIER_PERMISSIONS);
  });

  it('a 401 while checking forgets the session; 0 and 500 keep it and retry after 5 s', async () => {
    const h = harness({ stored: STORED });
    h.fetchMe.only().reject(fail(500, 'Server Error'));
    await flush();
    expect(h.actor.getSnapshot().value).toBe('unreachable');
    h.clock.increment(5000);
    expect(h.actor.getSnapshot().value).toBe('checking');
    h.fetchMe.only().reject(fail(0, 'offline'));
    await flush();
    expect(h.actor.getSnapshot().value).toBe('unreachable');
    h.actor.send({ type: 'retry' });
    h.fetchMe.only().reject(fail(401, 'Unauthenticated.'));
    await flush();
    expect(h.actor.getSnapshot().value).toBe('unauthenticated');
    expect(h.spy.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(h.fetchMe.calls).toHaveLength(3);
  });

  it('session.expired three times in a row ends the session once', async () => {
    const h = harness({ stored: STORED });
    h.fetchMe.only().resolve(superAdmin);
    await flush();
    h.spy.announce.mockClear();
    for (let i = 0; i < 3; i++) h.actor.send({ type: 'session.expired' });
    expect(h.actor.getSnapshot().value).toBe('unauthenticated');
    expect(h.spy.clearStoredSession).toHaveBeenCalledTimes(1);
    expect(h.spy.announce.mock.calls).toEqual([[{ status: 'guest', permissions: [] }]]);
  });

  it('an invalid email stays on the form with a field error and sends nothing', () => {
    const h = harness({ stored: null });
    h.actor.send({ type: 'login.submit', ...INVALID });
    expect(h.actor.getSnapshot().value).toBe('unauthenticated');
    expect(h.actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Enter a valid email address.' });
    expect(h.login.calls).toHaveLength(0);
    h.actor.send({ type: 'login.submit', email: 'casey@example.com', password: '' });
    expect(h.actor.getSnapshot().context.fieldErrors).toEqual({ password: 'Enter your password.' });
  });

  it('user.updated replaces and stores the user without re-announcing', async () => {
    const h = harness({ stored: STORED });
    h.fetchMe.only().resolve(superAdmin);
    await flush();
    const announces = h.spy.announce.mock.calls.length;
    h.actor.send({ type: 'user.updated', user: renamed });
    expect(h.actor.getSnapshot().context.user).toEqual(renamed);
    expect(lastCall(h.spy.storeSession)).toEqual({ token: STORED.token, user: renamed });
    expect(h.spy.announce).toHaveBeenCalledTimes(announces);
  });
});

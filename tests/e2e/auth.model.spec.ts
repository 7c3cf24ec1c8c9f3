/**
 * The auth machine's own graph, run in Chromium. Paths come from the REAL machines/auth.machine.ts
 * (xstate/graph TestModel, every edge once); each step is made to happen in the browser the way
 * a person or the server would make it happen, and each state is checked by what the page shows.
 *
 * An outcome event (xstate.done/error.actor.*) is the server's answer to what was sent before,
 * so every call the app makes to /api/v1/admin/login, /me and /api/logout is held by a route
 * until the outcome step releases it: to the real server (success, 422, 401) or with a mocked
 * answer (Status failed, 429, network failure). Holding the call also makes the busy states
 * (loggingIn, checking, loggingOut) visible long enough to check them.
 */
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { authMachine, type StoredSession } from '../../machines/auth.machine.ts';
import { Coverage, edgePaths } from '../model/coverage.ts';
import { LOGIN_API, LoginPage, MESSAGES, Shell, Toasts, USERS, apiLogin, seedSession, storedKeys } from './support/pages.ts';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;
type AuthInput = { stored: StoredSession | null };
type Path = StatePath<AuthSnapshot, AnyEventObject>;

// ---------------------------------------------------------------- the model
/** Shapes only: the browser makes the real values. The model needs a user that parses. */
const MODEL_USER = { id: 1, name: USERS.admin.name, email: USERS.admin.email, phone: null, status: 'active' as const, roles: [] };
const THROTTLED = 'Too many sign-in attempts. Try again in 10 seconds.';
const INVALID_EMAIL = 'not-an-email';
const SERVER_FIELD_ERROR = 'These credentials do not match our records.';
const UNREACHABLE = 'The server cannot be reached. Check the connection and try again.';
/** The machine's retryDelay (5 s): the automatic retry must not come much sooner. */
const RETRY_AFTER_MS = 5000;

const EVENTS: AnyEventObject[] = [
  { type: 'login.submit', email: USERS.admin.email, password: USERS.admin.password },
  { type: 'login.submit', email: INVALID_EMAIL, password: USERS.admin.password },
  {
    type: 'xstate.done.actor.login',
    output: { Status: 'success', access_token: 't', token_type: 'Bearer', expires_at: '2030-01-01T00:00:00Z', user: MODEL_USER },
  },
  { type: 'xstate.done.actor.login', output: { Status: 'failed', message: MESSAGES.inactive } },
  { type: 'xstate.error.actor.login', error: { status: 422, message: MESSAGES.invalidCredentials } },
  { type: 'xstate.error.actor.login', error: { status: 429, message: THROTTLED, retryAfter: 10 } },
  { type: 'xstate.error.actor.login', error: { status: 422, message: 'The given data was invalid.', errors: { email: [SERVER_FIELD_ERROR] } } },
  { type: 'xstate.error.actor.login', error: { status: 0, message: 'Failed to fetch' } },
  { type: 'logout' },
  { type: 'xstate.done.actor.logout' },
  { type: 'xstate.error.actor.logout', error: { status: 0, message: 'Failed to fetch' } },
  { type: 'session.expired' },
  // Only reachable with a stored session:
  { type: 'xstate.done.actor.fetchMe', output: MODEL_USER },
  { type: 'xstate.error.actor.fetchMe', error: { status: 401, message: 'Your session has expired. Sign in again.' } },
  { type: 'xstate.error.actor.fetchMe', error: { status: 0, message: 'The server cannot be reached.' } },
  { type: 'retry' },
  { type: 'xstate.after.retryDelay.auth.unreachable' },
];

/** State value and whether a field error shows: all the page can tell apart. */
const serialize = (s: AuthSnapshot): string =>
  JSON.stringify({ value: s.value, fieldErrors: Object.keys(s.context.fieldErrors).length > 0 });

function modelFor(input: AuthInput) {
  return new TestModel(authMachine as unknown as ActorLogic<AuthSnapshot, AnyEventObject, AuthInput>, {
    input,
    events: EVENTS,
    // The browser can only produce what the machine is listening for right now.
    filterEvents: (s: AuthSnapshot, e: AnyEventObject) => s.can(e as never),
    serializeState: serialize,
  });
}

const edgeKey = (from: AuthSnapshot, e: AnyEventObject) => `${serialize(from)} ${JSON.stringify(e)}`;
const lastEdge = (p: Path) => {
  const from = p.steps.at(-2)?.state;
  const last = p.steps.at(-1);
  return from && last ? edgeKey(from, last.event) : '';
};

const STORED_INPUT: AuthInput = { stored: { token: 'from-the-model', user: MODEL_USER } };
const guestPaths = edgePaths(modelFor({ stored: null }), serialize);
const guestEdges = new Set(guestPaths.map(lastEdge));
// The stored-session graph contains the guest graph; run only the edges it adds.
const storedPaths = edgePaths(modelFor(STORED_INPUT), serialize).filter((p) => !guestEdges.has(lastEdge(p)));

// ---------------------------------------------------------------- coverage (a shadow of the real machine)
const coverage = new Coverage('auth', authMachine, {
  'auth.loggedIn user.updated#0': 'sent by the profile screen when its name is saved, outside the sign-in pages this walk drives (tests/e2e/profile.spec.ts sees the top bar renamed)',
});

/** Replays a path's events on a real actor whose calls never settle, recording what it took. */
function shadow(input: AuthInput) {
  const local = new Coverage('auth', authMachine);
  const never = <T,>() => fromPromise<T, unknown>(() => new Promise<T>(() => {}));
  const actor = createActor(
    authMachine.provide({ actors: { fetchMe: never(), login: never(), logout: never() } as never }),
    { input, inspect: local.inspect },
  );
  actor.start();
  return {
    send(e: AnyEventObject, expected: AuthSnapshot) {
      actor.send(e as never);
      expect(serialize(actor.getSnapshot()), 'the model and the real machine agree').toBe(serialize(expected));
    },
    keep() {
      local.states.forEach((s) => coverage.states.add(s));
      local.transitions.forEach((t) => coverage.transitions.add(t));
      actor.stop();
    },
    drop: () => actor.stop(),
  };
}

// ---------------------------------------------------------------- the browser side
type Endpoint = 'login' | 'me' | 'logout';

/** Holds every auth call until a step says how the server answers it. */
class HeldCalls {
  private readonly held: Record<Endpoint, Route[]> = { login: [], me: [], logout: [] };
  readonly seen: Record<Endpoint, number> = { login: 0, me: 0, logout: 0 };

  constructor(private readonly page: Page) {}

  async install(): Promise<void> {
    const hold = (name: Endpoint) => (route: Route) => {
      this.seen[name]++;
      this.held[name].push(route);
    };
    await this.page.route(LOGIN_API, hold('login'));
    await this.page.route((url) => url.pathname === '/me', hold('me'));
    await this.page.route('**/api/logout', hold('logout'));
  }

  /** The one call the app is waiting on. */
  async take(name: Endpoint): Promise<Route> {
    await expect.poll(() => this.held[name].length, { message: `the app calls ${name}` }).toBe(1);
    return this.held[name].shift()!;
  }

  /** Waits for the app to make a call, leaving it held for a later step. */
  async waitForCall(name: Endpoint, timeout: number): Promise<void> {
    await expect.poll(() => this.held[name].length, { message: `the app calls ${name}`, timeout }).toBe(1);
  }

  async releaseAll(): Promise<void> {
    for (const list of Object.values(this.held)) {
      for (const r of list.splice(0)) await r.continue().catch(() => {});
    }
    await this.page.unrouteAll({ behavior: 'ignoreErrors' });
  }
}

interface Ctx {
  page: Page;
  request: APIRequestContext;
  calls: HeldCalls;
  login: LoginPage;
  shell: Shell;
  toasts: Toasts;
  input: AuthInput;
  /** When /me last failed for want of a server (the retry clock starts then). */
  unreachableSince?: number;
}

const isOutcome = (e: AnyEventObject | undefined, type: string, status?: number) =>
  !!e && e.type === type && (status === undefined || (e.error as { status?: number } | undefined)?.status === status);

/** Makes one model event happen in the browser. `next` is the step after it (the server's answer). */
async function exec(c: Ctx, event: AnyEventObject, from: AuthSnapshot | undefined, next: AnyEventObject | undefined): Promise<void> {
  const { page, login, shell, toasts, calls } = c;
  switch (event.type) {
    case 'xstate.init': {
      if (!c.input.stored) {
        await page.goto('/admin/login');
        return;
      }
      // A stored session whose check answers 401 holds a token the server never issued.
      const { token, user } = isOutcome(next, 'xstate.error.actor.fetchMe', 401)
        ? { token: 'revoked-or-never-issued', user: (await apiLogin(c.request, USERS.admin)).user }
        : await apiLogin(c.request, USERS.admin);
      await seedSession(page, token, user);
      await page.goto('/admin/dashboard');
      return;
    }
    case 'login.submit': {
      if (event.email === INVALID_EMAIL) {
        await login.signIn(INVALID_EMAIL, USERS.admin.password);
        return;
      }
      // The server's answer to come decides what a person would have typed.
      const wrong = isOutcome(next, 'xstate.error.actor.login', 422);
      await login.signIn(USERS.admin.email, wrong ? 'not-the-password' : USERS.admin.password);
      return;
    }
    case 'xstate.done.actor.login': {
      const route = await calls.take('login');
      const output = event.output as { Status: string };
      if (output.Status === 'success') {
        await route.continue();
        await toasts.seeToast(MESSAGES.loginSuccess, 'Success');
      } else {
        await route.fulfill({ status: 200, json: { Status: 'failed', message: MESSAGES.inactive } });
        await toasts.seeToast(MESSAGES.loginFailed, 'Error');
        await login.seeAlert(MESSAGES.inactive);
      }
      return;
    }
    case 'xstate.error.actor.login': {
      const route = await calls.take('login');
      const error = event.error as { status: number; message: string; errors?: Record<string, string[]> };
      if (error.status === 422 && error.errors) {
        // The server's own field errors (the form's checks passed): shown under the fields, no toast.
        const before = await toasts.toasts().count();
        await route.fulfill({ status: 422, json: { message: error.message, errors: error.errors } });
        await login.seeFieldError(SERVER_FIELD_ERROR);
        await expect(toasts.toasts()).toHaveCount(before);
      } else if (error.status === 0) {
        await route.abort('connectionrefused');
        await toasts.seeToast(UNREACHABLE, 'Error');
        await login.seeAlert(UNREACHABLE);
      } else if (error.status === 422) {
        const answered = page.waitForResponse((r) => r.url().includes('/api/v1/admin/login'));
        await route.continue();
        expect((await answered).status(), 'the real server refuses the wrong password').toBe(422);
        await toasts.seeToast(MESSAGES.invalidCredentials, 'Error');
        await login.seeAlert(MESSAGES.invalidCredentials);
      } else {
        // Mocked: five real failures would lock the demo admin out for the next tests.
        await route.fulfill({ status: 429, headers: { 'Retry-After': '10' }, json: { message: THROTTLED } });
        await toasts.seeToast(THROTTLED, 'Error');
        await login.seeAlert(THROTTLED);
      }
      return;
    }
    case 'logout':
      if (from?.matches('unreachable')) await page.getByRole('button', { name: 'Sign out' }).click();
      else await shell.clickLogout();
      return;
    case 'xstate.done.actor.logout':
      await (await calls.take('logout')).continue();
      return;
    case 'xstate.error.actor.logout':
      // The revocation did not reach the server: this browser forgets the session anyway.
      await (await calls.take('logout')).abort('connectionrefused');
      return;
    case 'session.expired': {
      // Signed out in another tab: it removes user_token, this tab hears the storage event.
      const other = await page.context().newPage();
      await other.goto('/api/health');
      await other.evaluate(() => window.localStorage.removeItem('user_token'));
      await other.close();
      return;
    }
    case 'xstate.done.actor.fetchMe':
      await (await calls.take('me')).continue();
      return;
    case 'xstate.error.actor.fetchMe': {
      const route = await calls.take('me');
      if ((event.error as { status: number }).status === 401) await route.continue();
      else {
        await route.abort('connectionrefused');
        c.unreachableSince = Date.now();
      }
      return;
    }
    case 'xstate.after.retryDelay.auth.unreachable': {
      // Nobody clicks: the app asks /me again by itself, after its delay and not before. The
      // page's clock (installed for this path, time flowing as it does) is moved on rather than
      // waited for: to half a second before the delay, where no call may come, then past it.
      const asked = calls.seen.me;
      const elapsed = Date.now() - (c.unreachableSince ?? Date.now());
      await page.clock.runFor(Math.max(0, RETRY_AFTER_MS - 500 - elapsed));
      // A call made now would reach the route at once; give it a moment to show.
      await page.waitForTimeout(100);
      expect(calls.seen.me, 'no retry before the delay').toBe(asked);
      await page.clock.runFor(1000);
      await calls.waitForCall('me', 5000);
      return;
    }
    case 'retry':
      await page.getByRole('button', { name: 'Try again' }).click();
      return;
    default:
      throw new Error(`no way to make ${event.type} happen in the browser`);
  }
}

/** What a person sees in each state of the machine. */
async function check(c: Ctx, state: AuthSnapshot): Promise<void> {
  const { page, login, shell } = c;
  const value = state.value as string;
  const fieldErrors = Object.values(state.context.fieldErrors).filter((m): m is string => !!m);
  switch (value) {
    case 'unauthenticated':
      await login.seeForm();
      await login.seeIdle();
      for (const m of fieldErrors) await login.seeFieldError(m);
      if (!fieldErrors.length) await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid', 'true');
      expect(await storedKeys(page)).toEqual({ user: null, user_token: null });
      return;
    case 'loggingIn':
      await login.seeForm();
      await login.seeBusy();
      return;
    case 'loggedIn': {
      await shell.seeDashboard();
      await shell.seeUserName(USERS.admin.name, USERS.admin.email);
      const stored = await storedKeys(page);
      expect(stored.user_token).toBeTruthy();
      expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ access_token: stored.user_token });
      return;
    }
    case 'loggingOut':
      // Still signed in until the server answers: same page, session still stored.
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(shell.userMenuButton).toBeVisible();
      expect((await storedKeys(page)).user_token).toBeTruthy();
      return;
    case 'checking':
      await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
      await expect(login.signInButton).toHaveCount(0);
      await expect(shell.userMenuButton).toHaveCount(0);
      return;
    case 'unreachable':
      await expect(page.getByRole('alert').filter({ hasText: 'The server cannot be reached' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      // Nothing is forgotten while the server is away.
      expect((await storedKeys(page)).user_token).toBeTruthy();
      return;
    default:
      throw new Error(`no check for state ${value}`);
  }
}

async function runPath(c: Ctx, path: Path): Promise<void> {
  const twin = shadow(c.input);
  await c.calls.install();
  try {
    for (let i = 0; i < path.steps.length; i++) {
      const step = path.steps[i]!;
      const from = path.steps[i - 1]?.state;
      await test.step(`${step.event.type} → ${serialize(step.state)}`, async () => {
        await exec(c, step.event, from, path.steps[i + 1]?.event);
        await check(c, step.state);
        if (step.event.type !== 'xstate.init') twin.send(step.event, step.state);
      });
    }
    twin.keep();
  } catch (e) {
    twin.drop();
    throw e;
  } finally {
    await c.calls.releaseAll();
  }
}

const describe = (p: Path) =>
  p.steps
    .map(({ event: e }) => {
      const detail = e.type === 'login.submit' ? (e.email === INVALID_EMAIL ? ' (invalid email)' : '') : '';
      const error = e.error as { status?: number; errors?: object } | undefined;
      const out = (e.output as { Status?: string } | undefined)?.Status ?? error?.status;
      const fields = error?.errors ? ' with field errors' : '';
      return `${e.type.replace(/^xstate\./, '')}${detail}${out === undefined ? '' : ` ${out}`}${fields}`;
    })
    .join(' → ');

for (const [label, input, paths] of [
  ['guest', { stored: null }, guestPaths],
  ['stored session', STORED_INPUT, storedPaths],
] as const) {
  test.describe(`auth model in the browser, ${label}`, () => {
    for (const path of paths) {
      test(describe(path), async ({ page, request }) => {
        const c: Ctx = {
          page,
          request,
          calls: new HeldCalls(page),
          login: new LoginPage(page),
          shell: new Shell(page),
          toasts: new Toasts(page),
          input,
        };
        // The automatic retry's 5 s are the page clock's, moved on by its step (see exec).
        if (path.steps.some((s) => s.event.type === 'xstate.after.retryDelay.auth.unreachable')) await page.clock.install();
        await runPath(c, path);
      });
    }
  });
}

test.afterAll(() => {
  const r = coverage.report();
  console.log(r.line.replace('[coverage]', '[e2e coverage]'));
});

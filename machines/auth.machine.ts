import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DEFAULT_CURRENCY, loginProblems, type LoginBody, type LoginResponse, type SessionUser } from '../domain/auth.ts';
import { permissionsOf, type Permission } from '../domain/permissions.ts';
import type { Notice } from './toast/toast.constants.ts';

/** What the API client tells the machine about a failed call. */
export interface RequestFailure {
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  message: string;
  errors?: Record<string, string[]>;
  /** What kind of refusal it is, when the server says (`stale`, `in_use`, `self`…). */
  code?: number | string;
  retryAfter?: number;
}

export interface StoredSession {
  token: string;
  user: SessionUser;
}

export interface AuthContext {
  user: SessionUser | null;
  token: string | null;
  fieldErrors: Partial<Record<keyof LoginBody, string>>;
  /** Started with a session checked already (a drawn page): no GET /me. */
  checked: boolean;
  /**
   * The page being started kept on this device what it needs to start for the stored person
   * without the network (the till: its terms and open register session). Only then does a
   * session that cannot be checked open that page instead of "The server cannot be reached".
   */
  offline: boolean;
}

export type AuthEvent =
  | { type: 'login.submit'; email: string; password: string }
  | { type: 'logout' }
  | { type: 'session.expired' }
  | { type: 'retry' }
  /** The browser says the network is back: a session started offline is checked at once. */
  | { type: 'network.online' }
  | { type: 'user.updated'; user: SessionUser };

/** Messages of SPEC §8. */
export const AUTH_MESSAGES = {
  loginSuccess: 'Successfully login',
  loginFailed: 'Failed',
  invalidCredentials: 'Invalid Credentials',
  unreachable: 'The server cannot be reached. Check the connection and try again.',
} as const;

export const isRequestFailure = (e: unknown): e is RequestFailure =>
  typeof e === 'object' && e !== null && 'status' in e && typeof (e as RequestFailure).status === 'number';

/** No answer, or a server failing: nothing the person did, so nothing is forgotten. */
export const unreachable = (error: unknown) => !isRequestFailure(error) || error.status === 0 || error.status >= 500;

/** A failed sign-in tells the person twice: an error toast and the login page's alert (SPEC §4, §8). */
const tellLoginFailed = (message: string) =>
  [
    { type: 'notify', params: { toastType: 'error', body: message } },
    { type: 'showAlert', params: { kind: 'danger', message } },
  ] as const;

/**
 * Who is signed in. Starts by checking a stored token (GET /me); signs in and out; any 401
 * from anywhere ends the session once. Storage, HTTP and notifications are injected.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    /** `checked`: the stored session was checked a moment ago (the server drew this page for it with GET /me's answer). */
    input: {} as { stored: StoredSession | null; checked?: boolean; offline?: boolean },
    events: {} as AuthEvent,
  },
  actors: {
    fetchMe: fromPromise<SessionUser, { token: string }>(async () => {
      throw new Error('fetchMe not provided');
    }),
    login: fromPromise<LoginResponse, LoginBody>(async () => {
      throw new Error('login not provided');
    }),
    logout: fromPromise<void, { token: string }>(async () => {
      throw new Error('logout not provided');
    }),
  },
  delays: { retryDelay: 5000 },
  guards: {
    hasStoredToken: ({ context }) => context.token !== null,
    isChecked: ({ context }) => context.checked,
    /** The server did not answer, and the page kept what it starts from for this person. */
    mayStartOffline: ({ context }, params: { error: unknown }) => context.offline && context.user !== null && unreachable(params.error),
    isValidLogin: ({ event }) => event.type === 'login.submit' && Object.keys(loginProblems({ email: event.email, password: event.password })).length === 0,
    isStatusFailed: (_, params: { output: LoginResponse }) => params.output.Status === 'failed',
    isUnreachable: (_, params: { error: unknown }) => unreachable(params.error),
    isThrottled: (_, params: { error: unknown }) => isRequestFailure(params.error) && params.error.status === 429,
    hasFieldErrors: (_, params: { error: unknown }) =>
      isRequestFailure(params.error) && params.error.status === 422 && !!params.error.errors && Object.keys(params.error.errors).length > 0,
  },
  actions: {
    /** Write `user` and `user_token` to storage (provided by the app). */
    storeSession: (_, _session: StoredSession) => {},
    /** Remove `user` and `user_token` from storage (provided by the app). */
    clearStoredSession: () => {},
    /** Show a toast (provided by the app: sends to the toaster). */
    notify: (_, _notice: Notice) => {},
    /** Set the page alert (provided by the app: sends to the alert actor). */
    showAlert: (_, _alert: { kind: 'success' | 'danger' | 'clear'; message?: string }) => {},
    /** Tell the rest of the app who is signed in now (provided: sends to navigation). */
    announce: (_, _who: { status: 'guest' | 'user'; permissions: Permission[] }) => {},
    /**
     * Tell the rest of the app a stored session is being checked, with the permissions it had,
     * so the page it will most likely show is made ready meanwhile (provided: sends to navigation).
     */
    announceChecking: (_, _stored: { permissions: Permission[] }) => {},
    setFieldErrors: assign({
      fieldErrors: ({ event }) => (event.type === 'login.submit' ? loginProblems({ email: event.email, password: event.password }) : {}),
    }),
    clearFieldErrors: assign({ fieldErrors: {} }),
    forget: assign({ user: null, token: null }),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    user: input.stored?.user ?? null,
    token: input.stored?.token ?? null,
    fieldErrors: {},
    checked: !!input.checked && !!input.stored,
    offline: !!input.offline && !!input.stored,
  }),
  initial: 'booting',
  states: {
    booting: {
      always: [
        { guard: 'isChecked', target: 'loggedIn', actions: { type: 'storeSession', params: ({ context }) => ({ token: context.token ?? '', user: context.user! }) } },
        { guard: 'hasStoredToken', target: 'checking' },
        { target: 'unauthenticated' },
      ],
    },
    checking: {
      description: 'A token was stored: is it still good? (GET /me)',
      tags: ['busy'],
      entry: { type: 'announceChecking', params: ({ context }) => ({ permissions: [...permissionsOf(context.user?.roles)] }) },
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: 'storeSession', params: ({ context, event }) => ({ token: context.token ?? '', user: event.output }) },
          ],
        },
        onError: [
          { guard: { type: 'mayStartOffline', params: ({ event }) => ({ error: event.error }) }, target: 'offline' },
          { guard: { type: 'isUnreachable', params: ({ event }) => ({ error: event.error }) }, target: 'unreachable' },
          { target: 'unauthenticated', actions: ['forget', 'clearStoredSession'] },
        ],
      },
    },
    offline: {
      description:
        'The token could not be checked, and the page kept what it starts from for this person (the till): signed in from what this device kept; checked again when the network is back, and every few seconds.',
      tags: ['offline'],
      entry: { type: 'announce', params: ({ context }) => ({ status: 'user', permissions: [...permissionsOf(context.user?.roles)] }) },
      initial: 'waiting',
      states: {
        waiting: {
          after: { retryDelay: 'rechecking' },
          on: { 'network.online': 'rechecking' },
        },
        rechecking: {
          description: 'Is the kept session still good? (GET /me) The page stays as it is meanwhile.',
          invoke: {
            id: 'fetchMe',
            src: 'fetchMe',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                assign({ user: ({ event }) => event.output, offline: false }),
                { type: 'storeSession', params: ({ context, event }) => ({ token: context.token ?? '', user: event.output }) },
              ],
            },
            onError: [
              { guard: { type: 'isUnreachable', params: ({ event }) => ({ error: event.error }) }, target: 'waiting' },
              // Ended on the server while this device was offline: signed out (the till's unsent sales stay in its outbox).
              { target: '#auth.unauthenticated', actions: ['forget', 'clearStoredSession'] },
            ],
          },
        },
      },
      on: {
        logout: { target: 'unauthenticated', actions: ['forget', 'clearStoredSession'] },
        'session.expired': { target: 'unauthenticated', actions: ['forget', 'clearStoredSession'] },
      },
    },
    unreachable: {
      description: 'The token could not be checked: the server did not answer. Nothing is forgotten.',
      tags: ['error'],
      after: { retryDelay: 'checking' },
      on: {
        retry: 'checking',
        logout: { target: 'unauthenticated', actions: ['forget', 'clearStoredSession'] },
      },
    },
    unauthenticated: {
      description: 'Nobody is signed in: the login form is open.',
      entry: { type: 'announce', params: { status: 'guest', permissions: [] } },
      on: {
        'login.submit': [
          { guard: 'isValidLogin', target: 'loggingIn', actions: 'clearFieldErrors' },
          { actions: 'setFieldErrors' },
        ],
      },
    },
    loggingIn: {
      description: 'POST /api/v1/admin/login is on its way.',
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) =>
          event.type === 'login.submit' ? { email: event.email.trim(), password: event.password } : { email: '', password: '' },
        onDone: [
          {
            guard: { type: 'isStatusFailed', params: ({ event }) => ({ output: event.output }) },
            target: 'unauthenticated',
            actions: [
              'forget',
              'clearStoredSession',
              { type: 'notify', params: { toastType: 'error', body: AUTH_MESSAGES.loginFailed } },
              {
                type: 'showAlert',
                params: ({ event }) => ({
                  kind: 'danger',
                  message: event.output.Status === 'failed' ? event.output.message : AUTH_MESSAGES.loginFailed,
                }),
              },
            ],
          },
          {
            target: 'loggedIn',
            actions: [
              assign(({ event }) =>
                event.output.Status === 'success' ? { user: event.output.user, token: event.output.access_token } : {},
              ),
              { type: 'storeSession', params: ({ context }) => ({ token: context.token ?? '', user: context.user! }) },
              { type: 'notify', params: { toastType: 'success', body: AUTH_MESSAGES.loginSuccess } },
              { type: 'showAlert', params: { kind: 'clear' } },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'unauthenticated',
            actions: assign({
              fieldErrors: ({ event }) => {
                const errors = (event.error as RequestFailure).errors ?? {};
                return { email: errors.email?.[0], password: errors.password?.[0] };
              },
            }),
          },
          {
            guard: { type: 'isThrottled', params: ({ event }) => ({ error: event.error }) },
            target: 'unauthenticated',
            actions: [
              { type: 'notify', params: ({ event }) => ({ toastType: 'error', body: (event.error as RequestFailure).message }) },
              { type: 'showAlert', params: ({ event }) => ({ kind: 'danger', message: (event.error as RequestFailure).message }) },
            ],
          },
          {
            guard: { type: 'isUnreachable', params: ({ event }) => ({ error: event.error }) },
            target: 'unauthenticated',
            actions: tellLoginFailed(AUTH_MESSAGES.unreachable),
          },
          {
            target: 'unauthenticated',
            actions: [
              'forget',
              'clearStoredSession',
              ...tellLoginFailed(AUTH_MESSAGES.invalidCredentials),
            ],
          },
        ],
      },
    },
    loggedIn: {
      description: 'Signed in: the shell shows what the user\'s permissions allow.',
      entry: {
        type: 'announce',
        params: ({ context }) => ({ status: 'user', permissions: [...permissionsOf(context.user?.roles)] }),
      },
      on: {
        logout: 'loggingOut',
        'session.expired': { target: 'unauthenticated', actions: ['forget', 'clearStoredSession'] },
        'user.updated': {
          actions: [
            assign({ user: ({ event }) => event.user }),
            { type: 'storeSession', params: ({ context, event }) => ({ token: context.token ?? '', user: event.user }) },
          ],
        },
      },
    },
    loggingOut: {
      description: 'POST /api/logout revokes the token; the session ends either way.',
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'unauthenticated', actions: ['forget', 'clearStoredSession'] },
        onError: { target: 'unauthenticated', actions: ['forget', 'clearStoredSession'] },
      },
      on: { 'session.expired': { target: 'unauthenticated', actions: ['forget', 'clearStoredSession'] } },
    },
  },
});

export type AuthActor = ActorRefFrom<typeof authMachine>;
type AuthSnapshot = SnapshotFrom<typeof authMachine>;
export const selectUser = (s: AuthSnapshot) => s.context.user;
export const selectBusy = (s: AuthSnapshot) => s.hasTag('busy');
export const selectFieldErrors = (s: AuthSnapshot) => s.context.fieldErrors;
export const selectPermissions = (s: AuthSnapshot): Set<Permission> => permissionsOf(s.context.user?.roles);
export const selectUserName = (s: AuthSnapshot) => s.context.user?.name ?? '';
/** The stored session could not be checked: the server did not answer. */
export const selectUnreachable = (s: AuthSnapshot) => s.matches('unreachable');
export const selectSignedIn = (s: AuthSnapshot) => s.matches('loggedIn') || s.matches('loggingOut') || s.matches('offline');
/** The shop's currency for amounts on screen (the website setting's; the default until the session says). */
export const selectCurrency = (s: AuthSnapshot) => s.context.user?.shop?.currency ?? DEFAULT_CURRENCY;

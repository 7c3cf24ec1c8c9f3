/**
 * Signing in and the session, shared by the browser and the server, without zod: the browser
 * loads this with its first page, so the sign-in form checks itself here and the zod schemas
 * the server validates with live in domain/auth-schemas.ts, built from the same limits,
 * pattern and messages.
 */

export interface LoginBody {
  email: string;
  password: string;
}

export interface SessionPermission {
  id: number;
  name: string;
}
export interface SessionRole {
  id: number;
  name: string;
  permissions: SessionPermission[];
}
/**
 * What every signed-in person needs to read amounts: the shop's name and currency (the website
 * setting's). It rides along with the user record, so a stored session has it before the
 * first list shows an amount; saving the website setting refreshes it.
 */
export interface SessionShop {
  name: string;
  currency: string;
  /**
   * To whoever may sell (SELL_ACCESS): the payment methods the POS setting enables, the only
   * ones a sale's payments and pay panel offer (the server refuses the others). Saving the POS
   * setting refreshes it.
   */
  payment_methods?: string[];
}
/** The currency of a session that names none (stored before the shop rode along). */
export const DEFAULT_CURRENCY = 'USD';
/**
 * The user record of SPEC §3 as GET /me, GET /api/user, PATCH /api/profile and the login
 * response return it; `shop` is ours (above). Sessions stored before it existed lack it.
 */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  status: 'active' | 'inactive';
  roles: SessionRole[];
  shop?: SessionShop;
}

export type LoginResponse =
  | { Status: 'success'; access_token: string; token_type: 'Bearer'; expires_at: string; user: SessionUser }
  | { Status: 'failed'; message: string };

/** zod's email pattern (z.email()'s default), so the form and the server agree on what an address is. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export const LOGIN_LIMITS = { email: 255, password: 1024 } as const;
export const LOGIN_MESSAGES = {
  email: 'Enter a valid email address.',
  password: 'Enter your password.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
} as const;

/**
 * What is wrong with a sign-in form, per field (its first problem), or nothing: the same
 * answers as domain/auth-schemas.ts `loginBody` gives for two strings.
 */
export function loginProblems(body: LoginBody): Partial<Record<keyof LoginBody, string>> {
  const out: Partial<Record<keyof LoginBody, string>> = {};
  if (!EMAIL_PATTERN.test(body.email)) out.email = LOGIN_MESSAGES.email;
  else if (body.email.length > LOGIN_LIMITS.email) out.email = LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.email);
  if (body.password.length < 1) out.password = LOGIN_MESSAGES.password;
  else if (body.password.length > LOGIN_LIMITS.password) out.password = LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.password);
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNamed = (v: unknown): v is Record<string, unknown> & { id: number; name: string } => isRecord(v) && typeof v.id === 'number' && typeof v.name === 'string';

/**
 * Whether `v` has the shape of a SessionUser (what the browser checks of /me, of a sign-in's
 * answer and of the stored session before trusting them). domain/auth-schemas.ts `sessionUser`
 * says the same with zod for the server's tests.
 */
export function isSessionUser(v: unknown): v is SessionUser {
  return (
    isNamed(v) &&
    typeof v.email === 'string' &&
    (v.phone === null || typeof v.phone === 'string') &&
    (v.status === 'active' || v.status === 'inactive') &&
    Array.isArray(v.roles) &&
    v.roles.every((r: unknown) => isNamed(r) && Array.isArray(r.permissions) && r.permissions.every(isNamed))
  );
}

/** The error body every API error uses (ARCHITECTURE: `{ message, errors? }`). */
export interface ApiErrorBody {
  message: string;
  code?: number | string;
  errors?: Record<string, string[]>;
}

export const STORAGE_KEYS = { user: 'user', token: 'user_token' } as const;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/**
 * The session's page secret, in a cookie only the server reads (HttpOnly) and only for the app's
 * pages (Path=/admin), so a reload of a signed-in page comes back drawn with its data. It is a
 * secret of its own, bound to the session (it ends with it), and never a credential for the API,
 * which takes the bearer token alone: whoever reads it from a log holds no API key.
 */
export const PAGE_SESSION_COOKIE = 'bo_page';
/** What the browser tells the server about how to draw a page: viewport, theme, language (JSON). */
export const PAGE_HINTS_COOKIE = 'bo_hints';
/** The element of a drawn page holding what the server's drawing got, for the browser (JSON). */
export const PAGE_DATA_ID = 'page-data';
/**
 * The element of a drawn page's head naming the chunks of its page (JSON list of addresses). The
 * browser fetches them once the drawing is on screen (src/start.ts), not beside the styles and
 * the font the drawing waits for.
 */
export const PAGE_CHUNKS_ID = 'page-chunks';
/** A drawn page's style attributes, renamed: the browser applies them itself (the CSP would refuse them in markup). */
export const SERVER_STYLE_ATTRIBUTE = 'data-server-style';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/** Error texts the API answers with, so the browser can match on them where it must. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid Credentials',
  inactive: 'This account is inactive.',
  signIn: 'Sign in to continue.',
  expired: 'Your session has expired. Sign in again.',
  forbidden: 'You do not have permission to access this page.',
  xsrf: 'Your page has expired. Reload it and try again.',
} as const;

import { z } from 'zod';

/** Shared by the login form (browser) and POST /api/v1/admin/login (server). */
export const loginBody = z.strictObject({
  email: z.email({ error: 'Enter a valid email address.' }).max(255),
  password: z.string().min(1, { error: 'Enter your password.' }).max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sessionPermission = z.object({ id: z.number(), name: z.string() });
export const sessionRole = z.object({ id: z.number(), name: z.string(), permissions: z.array(sessionPermission) });

/**
 * What every signed-in person needs to read amounts: the shop's name and currency (the website
 * setting's). It rides along with the user record, so a stored session has it before the
 * first list shows an amount; saving the website setting refreshes it.
 */
export const sessionShop = z.object({ name: z.string(), currency: z.string() });
export type SessionShop = z.infer<typeof sessionShop>;

/**
 * The user record of SPEC §3 as GET /me, GET /api/user, PATCH /api/profile and the login
 * response return it; `shop` is ours (above). Sessions stored before it existed lack it.
 */
export const sessionUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  roles: z.array(sessionRole),
  shop: sessionShop.optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginSuccess = z.object({
  Status: z.literal('success'),
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  user: sessionUser,
});
export const loginFailed = z.object({ Status: z.literal('failed'), message: z.string() });
export const loginResponse = z.union([loginSuccess, loginFailed]);
export type LoginResponse = z.infer<typeof loginResponse>;

/** The error body every API error uses (ARCHITECTURE: `{ message, errors? }`). */
export interface ApiErrorBody {
  message: string;
  code?: number | string;
  errors?: Record<string, string[]>;
}

export const STORAGE_KEYS = { user: 'user', token: 'user_token' } as const;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** PATCH /api/profile (the profile screen and the server share it). */
export const profileBody = z.strictObject({
  name: z.string().trim().min(1, { error: 'Enter your name.' }).max(255, { error: 'Use at most 255 characters.' }),
  email: z.email({ error: 'Enter a valid email address.' }).max(255),
});
export type ProfileBody = z.infer<typeof profileBody>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/** PATCH /api/password. */
export const passwordBody = z
  .strictObject({
    current_password: z.string().min(1, { error: 'Enter your current password.' }).max(1024),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
      .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` }),
    password_confirmation: z.string().max(1024),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: 'The passwords do not match.',
    path: ['password_confirmation'],
  });
export type PasswordBody = z.infer<typeof passwordBody>;

/** Error texts the API answers with, so the browser can match on them where it must. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid Credentials',
  inactive: 'This account is inactive.',
  signIn: 'Sign in to continue.',
  expired: 'Your session has expired. Sign in again.',
  forbidden: 'You do not have permission to access this page.',
  xsrf: 'Your page has expired. Reload it and try again.',
} as const;

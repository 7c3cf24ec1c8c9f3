import { z } from 'zod';
import { EMAIL_PATTERN, LOGIN_LIMITS, LOGIN_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type LoginBody, type LoginResponse, type SessionShop, type SessionUser } from './auth.ts';

/**
 * The zod schemas of the sign-in and the session (the server validates with them; the tests
 * check answers with them). The browser does not load zod for signing in: it checks the form
 * with domain/auth.ts `loginProblems`, which reads the same limits, pattern and messages
 * (tests/unit/login-rules.test.ts holds the two to the same answers).
 */

/** POST /api/v1/admin/login. */
export const loginBody = z.strictObject({
  email: z
    .string({ error: LOGIN_MESSAGES.email })
    .regex(EMAIL_PATTERN, { error: LOGIN_MESSAGES.email })
    .max(LOGIN_LIMITS.email, { error: LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.email) }),
  password: z
    .string()
    .min(1, { error: LOGIN_MESSAGES.password })
    .max(LOGIN_LIMITS.password, { error: LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.password) }),
}) satisfies z.ZodType<LoginBody>;

export const sessionPermission = z.object({ id: z.number(), name: z.string() });
export const sessionRole = z.object({ id: z.number(), name: z.string(), permissions: z.array(sessionPermission) });

export const sessionShop = z.object({ name: z.string(), currency: z.string(), payment_methods: z.array(z.string()).optional() }) satisfies z.ZodType<SessionShop>;

/** The user record of SPEC §3 as GET /me, GET /api/user, PATCH /api/profile and the login response return it. */
export const sessionUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  roles: z.array(sessionRole),
  shop: sessionShop.optional(),
}) satisfies z.ZodType<SessionUser>;

export const loginSuccess = z.object({
  Status: z.literal('success'),
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  user: sessionUser,
});
export const loginFailed = z.object({ Status: z.literal('failed'), message: z.string() });
export const loginResponse = z.union([loginSuccess, loginFailed]) satisfies z.ZodType<LoginResponse>;

/** PATCH /api/profile (the profile screen and the server share it). */
export const profileBody = z.strictObject({
  name: z.string().trim().min(1, { error: 'Enter your name.' }).max(255, { error: 'Use at most 255 characters.' }),
  email: z.email({ error: 'Enter a valid email address.' }).max(255),
});
export type ProfileBody = z.infer<typeof profileBody>;

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

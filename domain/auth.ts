import { z } from 'zod';

/** Shared by the login form (browser) and POST /api/v1/admin/login (server). */
export const loginBody = z.strictObject({
  email: z.email({ error: 'Enter a valid email address.' }).max(255),
  password: z.string().min(1, { error: 'Enter your password.' }).max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sessionPermission = z.object({ id: z.number(), name: z.string() });
export const sessionRole = z.object({ id: z.number(), name: z.string(), permissions: z.array(sessionPermission) });

/** The user record of SPEC §3 as GET /me, GET /api/user and the login response return it. */
export const sessionUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  roles: z.array(sessionRole),
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

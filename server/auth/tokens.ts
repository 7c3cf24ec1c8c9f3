import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { accessTokens } from '../db/schema.ts';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 32 random bytes (256 bits), base64url. Only its sha256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Where a sign-in came from, kept with its session for the profile's list (domain/sessions.ts). */
export interface SignInOrigin {
  userAgent?: string | undefined;
  address?: string | undefined;
}

export async function issueToken(
  db: Db,
  userId: number,
  now: Date,
  ttlHours: number,
  origin: SignInOrigin = {},
): Promise<{ token: string; pageSecret: string; expiresAt: Date }> {
  const token = newToken();
  // A secret of its own for drawing pages: a log or a proxy that sees the page cookie learns no API key.
  const pageSecret = newToken();
  const expiresAt = new Date(now.getTime() + ttlHours * 3_600_000);
  await db.insert(accessTokens).values({
    user_id: userId,
    token_hash: sha256Hex(token),
    page_hash: sha256Hex(pageSecret),
    created_at: now,
    last_used_at: now,
    expires_at: expiresAt,
    user_agent: origin.userAgent?.slice(0, 512) || null,
    // 'local' is an in-process request (tests): no address anyone could read.
    ip_address: origin.address && origin.address !== 'local' ? origin.address.slice(0, 64) : null,
  });
  return { token, pageSecret, expiresAt };
}

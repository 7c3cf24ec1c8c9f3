import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { accessTokens } from '../db/schema.ts';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 32 random bytes (256 bits), base64url. Only its sha256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function issueToken(
  db: Db,
  userId: number,
  now: Date,
  ttlHours: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ttlHours * 3_600_000);
  await db.insert(accessTokens).values({
    user_id: userId,
    token_hash: sha256Hex(token),
    created_at: now,
    last_used_at: now,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

export type TokenCheck =
  | { ok: true; tokenId: number; userId: number }
  | { ok: false };

/** Valid = known hash, before the absolute expiry and used within the idle window. */
export async function checkToken(
  db: Db,
  token: string,
  now: Date,
  idleMinutes: number,
): Promise<TokenCheck> {
  const rows = await db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.token_hash, sha256Hex(token)))
    .limit(1);
  const row = rows[0];
  if (!row) return { ok: false };
  const idleLimit = row.last_used_at.getTime() + idleMinutes * 60_000;
  if (now.getTime() >= row.expires_at.getTime() || now.getTime() >= idleLimit) {
    await db.delete(accessTokens).where(eq(accessTokens.id, row.id));
    return { ok: false };
  }
  // Touch at most once a minute: one write per minute per session, not per request.
  if (now.getTime() - row.last_used_at.getTime() >= 60_000) {
    await db.update(accessTokens).set({ last_used_at: now }).where(eq(accessTokens.id, row.id));
  }
  return { ok: true, tokenId: row.id, userId: row.user_id };
}

import { and, desc, eq, gt, ne, type SQL } from 'drizzle-orm';
import { deviceName, SESSION_MESSAGES, type SignedInSession } from '../../domain/sessions.ts';
import { recordAudit } from '../audit/record.ts';
import { parseId } from '../crud/ids.ts';
import { accessTokens } from '../db/schema.ts';
import { route, type AppContext, type RouteDef } from '../http/context.ts';
import { clientAddress } from '../http/client.ts';
import { ApiError } from '../http/errors.ts';

/**
 * The signed-in person's own sessions (the profile): list them, end one other, end every other.
 * Every query is bound to the session's own user, so another person's session is "not found"
 * (404), never told apart from one that does not exist. An ended session's next request is 401.
 */

const mine = (c: AppContext) => eq(accessTokens.user_id, c.var.auth.row.id);

/** Still good: before its absolute expiry and used within the idle window (as the session check has it). */
const live = (c: AppContext) => {
  const { now, config } = c.var;
  const at = now();
  return and(gt(accessTokens.expires_at, at), gt(accessTokens.last_used_at, new Date(at.getTime() - config.tokenIdleMinutes * 60_000)));
};

async function list(c: AppContext): Promise<Response> {
  const rows = await c.var.db
    .select({
      id: accessTokens.id,
      created_at: accessTokens.created_at,
      last_used_at: accessTokens.last_used_at,
      user_agent: accessTokens.user_agent,
      ip_address: accessTokens.ip_address,
    })
    .from(accessTokens)
    .where(and(mine(c), live(c)))
    .orderBy(desc(accessTokens.last_used_at), desc(accessTokens.id));
  const current = c.var.auth.tokenId;
  const data: SignedInSession[] = rows
    .map((r) => ({
      id: r.id,
      device: deviceName(r.user_agent),
      signed_in_at: r.created_at.toISOString(),
      last_active_at: r.last_used_at.toISOString(),
      address: r.ip_address,
      current: r.id === current,
    }))
    // This device first, then the most recently active.
    .sort((a, b) => Number(b.current) - Number(a.current));
  return c.json({ data }, 200);
}

/**
 * Ends the person's own sessions `which` picks, in one transaction with its audit row (the
 * devices named), and answers how many ended.
 */
async function endSessions(c: AppContext, which: SQL | undefined, what: string): Promise<number> {
  const { db, auth } = c.var;
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(accessTokens)
      .where(and(mine(c), which))
      .returning({ id: accessTokens.id, user_agent: accessTokens.user_agent, ip_address: accessTokens.ip_address });
    if (ended.length) {
      await recordAudit(tx, {
        kind: 'sessions_ended',
        actor: { userId: auth.row.id, address: clientAddress(c) },
        subject: { type: 'user', id: auth.row.id, label: auth.row.email },
        summary: `${auth.row.name} ${what}: ${ended.length} session${ended.length === 1 ? '' : 's'} ended.`,
        changes: { sessions: { added: [], removed: ended.map((s) => `${deviceName(s.user_agent)}${s.ip_address ? ` from ${s.ip_address}` : ''}`) } },
      });
    }
    return ended.length;
  });
}

async function endOne(c: AppContext): Promise<Response> {
  const id = parseId(c.req.param('id'));
  if (id === undefined) throw new ApiError(404, SESSION_MESSAGES.notFound);
  if (id === c.var.auth.tokenId) throw new ApiError(409, SESSION_MESSAGES.notThisOne);
  if (!(await endSessions(c, eq(accessTokens.id, id), 'signed out another session'))) throw new ApiError(404, SESSION_MESSAGES.notFound);
  return c.json({ message: SESSION_MESSAGES.signedOut }, 200);
}

async function endOthers(c: AppContext): Promise<Response> {
  const ended = await endSessions(c, ne(accessTokens.id, c.var.auth.tokenId), 'signed out everywhere else');
  return c.json({ message: SESSION_MESSAGES.signedOutOthers(ended), ended }, 200);
}

export const sessionRoutes: RouteDef[] = [
  route('GET', '/api/sessions', 'auth', { summary: 'Your signed-in sessions: device, when signed in, last active, from where; this one marked current', handler: list }),
  route('DELETE', '/api/sessions/others', 'auth', { summary: 'Sign out every other session of yours (this one stays)', handler: endOthers }),
  route('DELETE', '/api/sessions/:id', 'auth', {
    summary: 'Sign out one other session of yours',
    refusals: { 404: 'No session of yours has this id', 409: 'It is the session making the request' },
    handler: endOne,
  }),
];

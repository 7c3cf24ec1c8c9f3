import { and, eq, getTableColumns, gt, lte, not, sql, type SQL } from 'drizzle-orm';
import type { SessionShop, SessionUser } from '../../domain/auth.ts';
import { SUPER_ADMIN_ROLE } from '../../domain/permissions.ts';
import type { Db } from '../db/index.ts';
import { accessTokens, permissions, rolePermissions, roles, userRoles, users } from '../db/schema.ts';
import { posValueSql, sells, shopFrom, shopValueSql } from './shop.ts';
import { sha256Hex } from './tokens.ts';

export type UserRow = typeof users.$inferSelect;
type SessionRole = SessionUser['roles'][number];

/** A touch of last_used_at is written at most this often per session (one write a minute, not one per request). */
export const TOUCH_EVERY_MS = 60_000;

/**
 * The roles of user `userId` with their permissions, as one JSON value, ordered by id. Super Admin
 * holds every permission whatever its rows say (PRODUCT §2). A subquery, so a session check or a
 * sign-in reads a user's rights in the same statement as the user. (Aliases are spelled out: a
 * column interpolated here would render unqualified in a single-table query.)
 */
const rolesJson = (userId: SQL): SQL<SessionRole[]> =>
  sql`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name, 'permissions', coalesce((
      select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id)
      from ${permissions} p
      where r.name = ${SUPER_ADMIN_ROLE}
         or exists (select 1 from ${rolePermissions} rp where rp.role_id = r.id and rp.permission_id = p.id)
    ), '[]'::json)) order by r.id)
    from ${userRoles} ur join ${roles} r on r.id = ur.role_id
    where ur.user_id = ${userId}
  ), '[]'::json)`.mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as SessionRole[]);

const sessionUserOf = (row: UserRow, roleList: SessionRole[]): SessionUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  status: row.status,
  roles: roleList,
});

/** The user record of GET /me and the login response: roles with their permissions, in one query. */
export async function loadSessionUser(db: Db, user: UserRow): Promise<SessionUser> {
  const [found] = await db.select({ roles: rolesJson(sql`${user.id}`) }).from(users).where(eq(users.id, user.id));
  return sessionUserOf(user, found?.roles ?? []);
}

export interface Session {
  tokenId: number;
  row: UserRow;
  user: SessionUser;
  /** The shop's name and currency (GET /me answers them with the user). */
  shop: SessionShop;
}

/**
 * The session check's statement, built once per database: a token's hash and the three times
 * are placeholders, so each request only sends their values. Built anew per request, drizzle
 * spent about a millisecond of CPU assembling it (most of GET /me's own work, measured with
 * --cpu-prof), and PostgreSQL parsed and planned it again; prepared, PostgreSQL keeps it per
 * connection. Times go as ISO strings cast in SQL, the same for postgres-js and PGlite.
 */
function sessionStatement(db: Db, via: SessionKey) {
  const mine = eq(via === 'page' ? accessTokens.page_hash : accessTokens.token_hash, sql.placeholder('hash'));
  const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
  const live = and(gt(accessTokens.expires_at, at('now')), gt(accessTokens.last_used_at, at('idleSince')))!;
  const found = db.$with('found').as(
    db.select({ id: accessTokens.id, user_id: accessTokens.user_id, live: sql<boolean>`${live}`.as('live') }).from(accessTokens).where(mine),
  );
  const ended = db.$with('ended').as(db.delete(accessTokens).where(and(mine, not(live))).returning({ id: accessTokens.id }));
  const touched = db.$with('touched').as(
    db
      .update(accessTokens)
      .set({ last_used_at: at('now') })
      .where(and(mine, live, lte(accessTokens.last_used_at, at('touchBefore'))))
      .returning({ id: accessTokens.id }),
  );
  return db
    .with(found, ended, touched)
    .select({ tokenId: found.id, live: found.live, row: getTableColumns(users), roles: rolesJson(sql`${users.id}`), shop: shopValueSql, pos: posValueSql })
    .from(found)
    .innerJoin(users, eq(users.id, found.user_id))
    .prepare(via === 'page' ? 'page_session_check' : 'session_check');
}

/** What names the session: the API's bearer token, or the page secret a page is drawn with. */
export type SessionKey = 'token' | 'page';
const sessionStatements = { token: new WeakMap<Db, ReturnType<typeof sessionStatement>>(), page: new WeakMap<Db, ReturnType<typeof sessionStatement>>() };

/**
 * The session of a bearer token, checked and read in ONE statement (every signed-in request
 * pays for it): the token by its sha256, whether it is still good (before the absolute expiry
 * and used within the idle window), its user with roles and permissions; a token past either
 * limit is deleted, and a good one's last use is written at most once a minute, both by
 * data-modifying CTEs of the same statement, which also reads the shop's name and currency (the
 * website setting, by its key) and, for a seller, the POS setting's payment methods for GET /me. Undefined when the token is unknown or ended.
 */
export async function sessionOf(db: Db, token: string, now: Date, idleMinutes: number, via: SessionKey = 'token'): Promise<Session | undefined> {
  let statement = sessionStatements[via].get(db);
  if (!statement) sessionStatements[via].set(db, (statement = sessionStatement(db, via)));
  const [hit] = await statement.execute({
    hash: sha256Hex(token),
    now: now.toISOString(),
    idleSince: new Date(now.getTime() - idleMinutes * 60_000).toISOString(),
    touchBefore: new Date(now.getTime() - TOUCH_EVERY_MS).toISOString(),
  });
  if (!hit?.live) return undefined;
  return { tokenId: hit.tokenId, row: hit.row, user: sessionUserOf(hit.row, hit.roles), shop: shopFrom(hit.shop, hit.pos, sells(hit.roles)) };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0];
}

import { sql } from 'drizzle-orm';
import type { AppContext, ServerState } from './context.ts';

export type { ServerState };

export const runningState = (): ServerState => ({ migrated: true, stopping: false });

/**
 * GET /api/ready: 200 when this server can serve, 503 otherwise (stopping, not migrated, or the
 * database not answering `select 1` within READY_TIMEOUT_MS). /api/health stays 200 while the
 * process runs: a balancer takes a server out on /api/ready, an orchestrator restarts it on
 * /api/health, and a database outage must not restart every server at once.
 */
export async function ready(c: AppContext): Promise<Response> {
  const { state, db, config } = c.var;
  const no = (reason: string) => c.json({ ok: false, reason }, 503, { 'Retry-After': '1' });
  if (state.stopping) return no('stopping');
  if (!state.migrated) return no('migrating');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((done) => {
    timer = setTimeout(() => done('late'), config.readyTimeoutMs);
  });
  try {
    const answer = await Promise.race([db.execute(sql`select 1`).then(() => 'ok' as const), late]);
    if (answer === 'late') return no('database not answering');
  } catch {
    return no('database unavailable');
  } finally {
    clearTimeout(timer);
  }
  return c.json({ ok: true }, 200);
}

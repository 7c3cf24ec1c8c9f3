import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** How long a stop may take before the forced path; the whole stop stays under 10 s. */
export const GRACE_MS = 7_000;
/** After the grace, how long closing the database may take before the process exits anyway. */
export const CLOSE_DB_MS = 1_500;

export interface StopSteps {
  /** Stops background work (the purge) and resolves when a run under way has finished. */
  stopWork: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  releaseLock: () => void;
  /** Called first on a stop signal: /api/ready turns 503 (the balancer stops sending requests). */
  beginStopping?: () => void;
  /** How long to keep serving after that before stopping as below (DRAIN_SECONDS). */
  drainMs?: number;
}

/**
 * Clean stop on SIGTERM/SIGINT. Behind a load balancer, first a drain: /api/ready answers 503
 * and the server goes on serving for `drainMs`, every answer with Connection: close, so the
 * balancer's health check takes it out and nothing it routed meanwhile finds the port closed
 * (a balancer that already chose this server would otherwise get a refused connection). Then:
 * stop accepting; let in-flight requests finish, each answered
 * with Connection: close so its keep-alive connection ends after it (a busy client would
 * otherwise keep sending on it); close idle connections; then close the database and exit 0.
 * If requests are still running after GRACE_MS, the forced path cuts the connections and still
 * closes the database (PGlite's files stay consistent) before exiting 1.
 */
export function handleStopSignals(server: Server, steps: StopSteps): void {
  const open = new Set<ServerResponse>();
  let stopping = false;
  let draining = false;

  // First in line, before the app's handler writes anything.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    if (stopping || draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      open.delete(res);
      // A response whose headers went out before the stop left its connection open: now idle.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });

  const closeDatabase = async () => {
    try {
      await steps.closeDatabase();
      console.log('Database closed.');
    } catch (err) {
      console.error('Closing the database failed:', err);
    }
  };

  async function stop(signal: string) {
    if (stopping || draining) return;
    steps.beginStopping?.();
    if (steps.drainMs) {
      draining = true;
      console.log(`${signal} received: not ready any more, serving for ${steps.drainMs / 1000} s more while the load balancer moves away.`);
      await new Promise((done) => setTimeout(done, steps.drainMs));
    }
    stopping = true;
    console.log(`${signal} received: finishing ${open.size} request(s), then stopping.`);
    for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
    const work = steps.stopWork();
    const drained = new Promise<'drained'>((done) => server.close(() => done('drained')));
    server.closeIdleConnections();
    const grace = new Promise<'late'>((done) => setTimeout(() => done('late'), GRACE_MS).unref());
    if ((await Promise.race([drained, grace])) === 'late') {
      console.error(`${open.size} request(s) still running after ${GRACE_MS / 1000} s: closing their connections.`);
      server.closeAllConnections();
      const exitAnyway = setTimeout(() => process.exit(1), CLOSE_DB_MS);
      await closeDatabase();
      clearTimeout(exitAnyway);
      steps.releaseLock();
      process.exit(1);
    }
    await work;
    await closeDatabase();
    steps.releaseLock();
    process.exit(0);
  }

  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

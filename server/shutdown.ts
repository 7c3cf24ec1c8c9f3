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
}

/**
 * Clean stop on SIGTERM/SIGINT: stop accepting; let in-flight requests finish, each answered
 * with Connection: close so its keep-alive connection ends after it (a busy client would
 * otherwise keep sending on it); close idle connections; then close the database and exit 0.
 * If requests are still running after GRACE_MS, the forced path cuts the connections and still
 * closes the database (PGlite's files stay consistent) before exiting 1.
 */
export function handleStopSignals(server: Server, steps: StopSteps): void {
  const open = new Set<ServerResponse>();
  let stopping = false;

  // First in line, before the app's handler writes anything.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    if (stopping) res.setHeader('Connection', 'close');
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
    if (stopping) return;
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

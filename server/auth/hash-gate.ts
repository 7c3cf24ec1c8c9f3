/**
 * argon2 runs on libuv's small thread pool (4 threads), each hash on 4 threads of its own. A
 * flood of sign-ins (unknown emails cost a dummy verify too) queued hundreds of hashes there,
 * and everything else that uses the pool (gzip of a response, file reads) waited behind them:
 * GET /me went from tens of answers a second to none. The gate runs a few hashes at a time,
 * keeps a short queue, and refuses a sign-in at once when the queue is full, so the work a
 * flood can make is bounded and other requests keep their share of the machine.
 */
export class HashGateBusy extends Error {
  constructor() {
    super('Too many password checks are waiting.');
  }
}

export interface HashGate {
  readonly concurrency: number;
  readonly queueMax: number;
  /** Hashes running now. */
  readonly running: number;
  /** Hashes waiting for a turn. */
  readonly waiting: number;
  /** A refusable task would be refused now: callers skip the work before it (a cheap 503). */
  readonly full: boolean;
  /**
   * Runs `task` when a slot is free. `refusable` tasks (sign-ins) throw HashGateBusy at once
   * when queueMax of them already wait; the others (setting a password) always wait their turn.
   */
  run<T>(task: () => Promise<T>, refusable: boolean): Promise<T>;
}

export function createHashGate(concurrency: number, queueMax: number): HashGate {
  let running = 0;
  let refusableWaiting = 0;
  const queue: { start: () => void; refusable: boolean }[] = [];

  return {
    concurrency,
    queueMax,
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    get full() {
      return running >= concurrency && refusableWaiting >= queueMax;
    },
    async run<T>(task: () => Promise<T>, refusable: boolean): Promise<T> {
      if (running < concurrency) running++;
      else {
        if (refusable && refusableWaiting >= queueMax) throw new HashGateBusy();
        if (refusable) refusableWaiting++;
        // The slot is handed over by the task that ends (below), so none is taken twice.
        await new Promise<void>((start) => queue.push({ start, refusable }));
      }
      try {
        return await task();
      } finally {
        const waiter = queue.shift();
        if (waiter) {
          if (waiter.refusable) refusableWaiting--;
          waiter.start();
        } else running--;
      }
    },
  };
}

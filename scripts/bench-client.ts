// The measuring client of `npm run bench`, in a worker thread of its own: the server under test
// runs in the bench's main thread, and a client sharing that thread's event loop (fetch, reading
// and gunzipping the answers) added its own CPU time to every latency it measured. Here the
// client times its requests in its own thread and posts the timings back, so the main thread's
// event loop only serves (the machine's cores are still shared, as they are on any one host).
//
// This file is both sides: imported by scripts/bench.ts and scripts/bench-flood.ts it gives
// startClient(); started as the worker (workerData.role === ROLE) it answers their messages.
// The worker loads this TypeScript through tsx's API (scripts/ts-worker.ts).
import { isMainThread, parentPort, threadId, workerData } from 'node:worker_threads';
import { tsWorker } from './ts-worker.ts';

const ROLE = 'bench-client';

/** One request: a GET, or a POST of `body` (JSON); `status` is the status it must answer. */
export interface Req {
  path: string;
  body?: string;
  status: number;
  /** Headers of its own (a POST's Idempotency-Key). */
  headers?: Record<string, string>;
}

type Command =
  /** `warmup` untimed, then `timed` each timed: ms per request, in order. */
  | { op: 'series'; warmup: Req[]; timed: Req[] }
  /** One untimed request: its answer's body. */
  | { op: 'one'; req: Req }
  /** GET `path` one after another for `ms`: the times of those answered, and how many failed. */
  | { op: 'poll'; path: string; ms: number; name: string };

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

export interface BenchClient {
  /** The client's thread id (not 0: not the server's thread). */
  threadId: number;
  series(warmup: Req[], timed: Req[]): Promise<number[]>;
  one(req: Req): Promise<string>;
  poll(path: string, ms: number, name: string): Promise<{ times: number[]; failed: number }>;
  close(): Promise<void>;
}

/** Starts the client thread against `base` (http://host:port), signed in with `token`. */
export async function startClient(base: string, token: string): Promise<BenchClient> {
  const worker = tsWorker(import.meta.url, { workerData: { role: ROLE, base, token } });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let failure: Error | undefined;
  const failAll = (err: Error) => {
    failure ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the bench client thread exited (${code})`)));
  worker.on('message', (m: Reply | { ready: number }) => {
    if ('ready' in m) return;
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.ok) p?.resolve(m.value);
    else p?.reject(new Error(m.error));
  });
  const ready = await new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { ready?: number }) => resolve(m.ready ?? -1));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the bench client thread exited (${code}) before it was ready`)));
  });
  let next = 0;
  const send = <T>(cmd: Command): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, cmd });
    });
  };
  return {
    threadId: ready,
    series: (warmup, timed) => send({ op: 'series', warmup, timed }),
    one: (req) => send({ op: 'one', req }),
    poll: (path, ms, name) => send({ op: 'poll', path, ms, name }),
    close: async () => {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}

// ——— the worker ———

function serveCommands(base: string, token: string): void {
  const auth = { authorization: `Bearer ${token}` };
  const postHeaders = { ...auth, 'content-type': 'application/json', cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' };

  const request = async (r: Req): Promise<string> => {
    const res = await fetch(base + r.path, r.body === undefined ? { headers: { ...auth, ...r.headers } } : { method: 'POST', headers: { ...postHeaders, ...r.headers }, body: r.body });
    const body = await res.text();
    if (res.status !== r.status) throw new Error(`${r.body === undefined ? 'GET' : 'POST'} ${r.path} answered ${res.status}: ${body.slice(0, 300)}`);
    return body;
  };

  const run = async (cmd: Command): Promise<unknown> => {
    switch (cmd.op) {
      case 'series': {
        for (const r of cmd.warmup) await request(r);
        const times: number[] = [];
        for (const r of cmd.timed) {
          const t = performance.now();
          await request(r);
          times.push(performance.now() - t);
        }
        return times;
      }
      case 'one':
        return request(cmd.req);
      case 'poll': {
        const end = performance.now() + cmd.ms;
        const times: number[] = [];
        let failed = 0;
        while (performance.now() < end) {
          const t = performance.now();
          try {
            const res = await fetch(base + cmd.path, { headers: auth });
            const text = await res.text();
            if (res.status !== 200) throw new Error(`GET ${cmd.path} answered ${res.status} during "${cmd.name}": ${text.slice(0, 200)}`);
            times.push(performance.now() - t);
          } catch (err) {
            // A request that fails outright (the connection reset) is starvation too: counted, not timed.
            if (++failed > 50) throw err;
            console.error(`GET ${cmd.path} failed during "${cmd.name}": ${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`);
          }
        }
        return { times, failed };
      }
    }
  };

  parentPort!.on('message', ({ id, cmd }: { id: number; cmd: Command }) => {
    run(cmd).then(
      (value) => parentPort!.postMessage({ id, ok: true, value } satisfies Reply),
      (err: unknown) => parentPort!.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies Reply),
    );
  });
  parentPort!.postMessage({ ready: threadId });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  const { base, token } = workerData as { base: string; token: string };
  serveCommands(base, token);
}

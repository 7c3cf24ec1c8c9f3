// The login flood of `npm run bench`: GET /me throughput (one client, requests one after
// another) alone, and while FLOOD_CONCURRENCY clients send bad sign-ins for unknown emails as
// fast as they are answered, first from one address, then from FLOOD_ADDRESSES loopback
// addresses (all of 127.0.0.0/8 is this machine), as a spray from many machines would.
// Neither the GET /me client (scripts/bench-client.ts) nor the flooders run in the server's thread.
import { Worker } from 'node:worker_threads';
import type { BenchClient } from './bench-client.ts';

export const FLOOD_CONCURRENCY = 32;
export const FLOOD_ADDRESSES = 256;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface FloodResult {
  name: string;
  /** GET /me answered per second. */
  rate: number;
  p50: number;
  p95: number;
  /** GET /me that failed outright (no answer). */
  failed: number;
  /** Sign-in answers during the flood, by status (0: the connection failed). */
  logins: Record<string, number>;
}

/**
 * The flooding clients, in a worker thread of their own so their work does not share the
 * server's event loop (the app runs in this process): plain JS, node:http, which (unlike
 * fetch) can choose the local address. Posts back the answers by status (0: connection failed).
 */
const FLOOD_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { Agent, request } = require('node:http');
const { url, addresses, concurrency, ms, seq } = workerData;
const agents = Array.from({ length: addresses }, (_, i) => new Agent({ keepAlive: true, localAddress: '127.77.' + (1 + Math.floor(i / 250)) + '.' + (1 + (i % 250)) }));
const headers = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench', 'content-type': 'application/json' };
const post = (agent, body) => new Promise((resolve) => {
  const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode || 0));
  });
  req.on('error', () => resolve(0));
  req.end(body);
});
const end = performance.now() + ms;
const logins = {};
let n = seq;
Promise.all(Array.from({ length: concurrency }, async () => {
  while (performance.now() < end) {
    const i = n++;
    const status = await post(agents[i % addresses], JSON.stringify({ email: 'flood-' + i + '@example.com', password: 'not-the-password' }));
    logins[status] = (logins[status] || 0) + 1;
  }
})).then(() => { for (const a of agents) a.destroy(); parentPort.postMessage(logins); });
`;

let floodSeq = 0;

function flood(base: string, addresses: number, ms: number): Promise<Record<string, number>> {
  const seq = floodSeq;
  floodSeq += 1_000_000;
  const worker = new Worker(FLOOD_WORKER, {
    eval: true,
    workerData: { url: `${base}/api/v1/admin/login`, addresses, concurrency: FLOOD_CONCURRENCY, ms, seq },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (logins: Record<string, number>) => {
      resolve(logins);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The flood: `client` (scripts/bench-client.ts, a thread of its own) times GET /me meanwhile. */
export async function loginFlood(client: BenchClient, base: string, FLOOD_MS: number): Promise<FloodResult[]> {
  const run = async (name: string, addresses: number): Promise<FloodResult> => {
    const flooding = addresses ? flood(base, addresses, FLOOD_MS) : Promise.resolve({});
    const { times, failed } = await client.poll('/me', FLOOD_MS, name);
    const logins = await flooding;
    times.sort((a, b) => a - b);
    return { name, rate: times.length / (FLOOD_MS / 1000), p50: times.length ? pct(times, 50) : NaN, p95: times.length ? pct(times, 95) : NaN, failed, logins };
  };
  return [
    await run('GET /me alone', 0),
    await run('GET /me, flood from 1 address', 1),
    await run(`GET /me, flood from ${FLOOD_ADDRESSES} addresses`, FLOOD_ADDRESSES),
  ];
}

/** The flood's table, one block per database kind. */
export function printFlood(reports: readonly { kind: string; flood: FloodResult[] }[], ms: number): void {
  console.log(`\nLogin flood: ${FLOOD_CONCURRENCY} clients send bad sign-ins for unknown emails for ${ms / 1000} s while one client asks GET /me.\n`);
  console.log('| db       | scenario                               | /me per s | of alone | p50 ms | p95 ms | sign-in answers          |');
  console.log('|----------|----------------------------------------|----------:|---------:|-------:|-------:|--------------------------|');
  for (const rep of reports) {
    const alone = rep.flood[0]?.rate ?? 0;
    for (const f of rep.flood) {
      const answers = [...Object.entries(f.logins).map(([status, n]) => `${n}×${status}`), ...(f.failed ? [`/me failed ${f.failed}×`] : [])].join(' ') || '-';
      console.log(
        `| ${rep.kind.padEnd(8)} | ${f.name.padEnd(38)} | ${f.rate.toFixed(1).padStart(9)} | ${`${alone ? Math.round((100 * f.rate) / alone) : 0}%`.padStart(8)} | ${f.p50.toFixed(1).padStart(6)} | ${f.p95.toFixed(1).padStart(6)} | ${answers.padEnd(24)} |`,
      );
    }
  }
}

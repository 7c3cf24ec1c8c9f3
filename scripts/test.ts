// `npm test`: every check CI runs, in order, stopping at the first failure.
//
//   npm test                       all steps
//   npm test -- --only=api,e2e     only these steps (a name matches itself and its variants:
//                                  `api` = api-pglite + api-postgres)
//   npm test -- --skip=e2e         all but these
//   npm test -- --list             print the steps and exit
//
// Steps: codegen, typecheck, unit, api-pglite, api-postgres, build, build-ssr, e2e.
// api-postgres runs only when TEST_DATABASE_URL is set (scripts/pg-cluster.sh start gives one);
// it includes tests/api/load-balancer.test.ts (HAProxy before three servers), which api-pglite leaves out with the other races (POSTGRES_ONLY).
//
// A step that prints nothing for TEST_SILENCE_MINUTES (default 10; the longest quiet stretch of a
// healthy run is one test file, under two minutes) is stopped with its whole process group and
// started once more, and the summary says so. Once, on a clean clone, vitest's api run on
// PostgreSQL hung before its first file for 32 minutes: no database connection, its one worker
// idle with a file-system promise that never settled. CI would have waited for its own 90.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

type Step = {
  id: string;
  title: string;
  command: string;
  args: string[];
  /** Changes to the inherited environment; undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** A reason to skip, decided before the run. */
  skip?: string;
  banner?: string;
};

type Outcome = { step: Step; status: 'PASS' | 'FAIL' | 'SKIP' | 'NOT RUN'; ms: number; code?: number | string; note?: string };

const pgUrl = process.env.TEST_DATABASE_URL;
/**
 * API files whose second run, on PostgreSQL, would prove nothing the first did not: they run no
 * SQL of their own that could behave otherwise there. (The concurrency files go the other way:
 * POSTGRES_ONLY.)
 */
const PGLITE_ONLY = [
  // Real servers on PGlite data folders whatever the database URL says: a second run repeats the first exactly.
  'tests/api/server-process.test.ts',
  // The PGlite data folder's lock file: no database at all.
  'tests/api/data-dir-lock.test.ts',
  // The OpenAPI document and the refusals it describes: the route table and zod schemas, before any SQL.
  'tests/api/openapi.test.ts',
  // Static files, the SPA shell and their headers.
  'tests/api/static.test.ts',
  // The server's drawing of a page (React on the server, cookies, streaming): its data comes from
  // the list and show services the resource and document files run on PostgreSQL.
  'tests/api/server-page.test.ts',
  'tests/api/server-page-loaders.test.ts',
];
/**
 * API files that race many connections on PostgreSQL and say so when run without it (PGlite runs
 * one query at a time, so a race there proves nothing): api-pglite leaves them out rather than
 * reporting them skipped.
 */
const POSTGRES_ONLY = [
  'tests/api/load-balancer.test.ts',
  'tests/api/orders-concurrency.test.ts',
  'tests/api/pos-concurrency.test.ts',
  'tests/api/purchase-concurrency.test.ts',
  'tests/api/quotations-concurrency.test.ts',
  'tests/api/sales-concurrency.test.ts',
  'tests/api/stock-concurrency.test.ts',
];
// Neither API run may reach a developer's own database through the variables the server reads.
const noDb = { DATABASE_URL: undefined, TEST_DATABASE_URL: undefined };

const steps: Step[] = [
  { id: 'codegen', title: 'Panda codegen (styled-system)', command: bin('panda'), args: ['codegen', '--silent'] },
  { id: 'typecheck', title: 'Type-check (tsc --noEmit)', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { id: 'unit', title: 'Unit and model tests (vitest unit)', command: bin('vitest'), args: ['run', '--project', 'unit'], env: noDb },
  {
    id: 'api-pglite',
    title: 'API tests on PGlite (vitest api)',
    command: bin('vitest'),
    args: ['run', '--project', 'api', ...POSTGRES_ONLY.flatMap((f) => ['--exclude', f])],
    env: noDb,
  },
  {
    id: 'api-postgres',
    title: 'API tests on PostgreSQL (vitest api)',
    command: bin('vitest'),
    args: ['run', '--project', 'api', ...PGLITE_ONLY.flatMap((f) => ['--exclude', f])],
    env: { DATABASE_URL: undefined, TEST_DATABASE_URL: pgUrl },
    skip: pgUrl ? undefined : 'PostgreSQL API run skipped: set TEST_DATABASE_URL',
    banner: pgUrl ? `API tests on PostgreSQL: ${redact(pgUrl)}` : undefined,
  },
  { id: 'build', title: 'Build the SPA (vite build)', command: bin('vite'), args: ['build'] },
  // The server draws a signed-in page's first HTML with this bundle (server/page-render.ts);
  // without it the e2e server would only send the empty page and its drawing would go untested.
  { id: 'build-ssr', title: 'Build the server drawing (vite build --ssr)', command: bin('vite'), args: ['build', '--ssr', 'src/entry-server.tsx'] },
  { id: 'e2e', title: 'End-to-end tests (playwright, Chromium)', command: bin('playwright'), args: ['test'] },
];

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

function parseList(flag: string): string[] | undefined {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${flag}=`));
  return arg?.slice(flag.length + 3).split(',').map((s) => s.trim()).filter(Boolean);
}

const matches = (step: Step, names: string[]) => names.some((n) => step.id === n || step.id.startsWith(`${n}-`));

const only = parseList('only');
const skip = parseList('skip');
const known = [...steps.map((s) => s.id), 'api'];
const unknown = [...(only ?? []), ...(skip ?? [])].filter((n) => !known.includes(n));
const stray = process.argv.slice(2).filter((a) => !/^--(only|skip)=/.test(a) && a !== '--list');
if (unknown.length || stray.length) {
  console.error(`Unknown ${unknown.length ? `step(s): ${unknown.join(', ')}` : `argument(s): ${stray.join(' ')}`}`);
  console.error(`Steps: ${steps.map((s) => s.id).join(', ')}. Use --only=a,b or --skip=a,b.`);
  process.exit(2);
}
if (process.argv.includes('--list')) {
  for (const s of steps) console.log(`${s.id.padEnd(14)}${s.title}`);
  process.exit(0);
}

const selected = steps.filter((s) => (!only || matches(s, only)) && !(skip && matches(s, skip)));

const SILENCE_MS = Number(process.env.TEST_SILENCE_MINUTES ?? 10) * 60_000;
const SILENT = 'silent';

let interrupted: NodeJS.Signals | undefined;
let current: ReturnType<typeof spawn> | undefined;
/** The step's whole process group (it runs detached): vitest's and Playwright's workers too. */
const signalGroup = (child: ReturnType<typeof spawn> | undefined, signal: NodeJS.Signals) => {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has gone already.
  }
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = signal;
    // The step has a process group of its own, so the terminal's Ctrl-C does not reach it: pass
    // either signal on, then report once it has gone (what still runs 10 s later is killed).
    signalGroup(current, signal);
    const child = current;
    setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000).unref();
  });
}

/** Runs a step, its output passed through; SILENT when it printed nothing for SILENCE_MS and was stopped. */
function run(step: Step): Promise<number | string> {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : undefined) };
  for (const [k, v] of Object.entries(step.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  return new Promise((done) => {
    const child = spawn(step.command, step.args, { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'], detached: true });
    current = child;
    let silent = false;
    let timer: NodeJS.Timeout | undefined;
    const heard = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        silent = true;
        console.log(`\n${step.id}: no output for ${fmt(SILENCE_MS)}; stopping it.`);
        signalGroup(child, 'SIGKILL');
      }, SILENCE_MS);
    };
    heard();
    child.stdout!.on('data', (chunk: Buffer) => (heard(), process.stdout.write(chunk)));
    child.stderr!.on('data', (chunk: Buffer) => (heard(), process.stderr.write(chunk)));
    child.on('error', (err) => (clearTimeout(timer), done(`could not start: ${err.message}`)));
    // What the step left running when its main process ended (a worker, a native compiler
    // behind a wrapper) goes with its group, and its ends of the pipes with it.
    child.on('exit', () => signalGroup(child, 'SIGKILL'));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done(silent ? SILENT : (signal ?? code ?? 1));
    });
  });
}

const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: string) => (colour ? `\x1b[${code}m` : '');
const fmt = (ms: number) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s` : `${(ms / 1000).toFixed(1)}s`);
const rule = (title: string) => console.log(`\n${paint('1')}━━ ${title} ${'━'.repeat(Math.max(3, 70 - title.length))}${paint('0')}`);

const outcomes: Outcome[] = [];
const started = performance.now();
let failed = false;

for (const step of selected) {
  if (failed || interrupted) {
    outcomes.push({ step, status: 'NOT RUN', ms: 0 });
    continue;
  }
  if (step.skip) {
    rule(`${step.id}: ${step.title}`);
    console.log(step.skip);
    outcomes.push({ step, status: 'SKIP', ms: 0, note: step.skip });
    continue;
  }
  rule(`${step.id}: ${step.title}`);
  if (step.banner) console.log(step.banner);
  console.log(`$ ${[step.command.replace(`${root}/`, ''), ...step.args].join(' ')}\n`);
  const t0 = performance.now();
  let code = await run(step);
  let restarted: string | undefined;
  if (code === SILENT && !interrupted) {
    restarted = `restarted once after ${fmt(SILENCE_MS)} without output`;
    console.log(`${step.id}: starting it again (once).\n`);
    code = await run(step);
  }
  const ms = performance.now() - t0;
  const ok = code === 0 && !interrupted;
  const note = [restarted, interrupted ? `interrupted (${interrupted})` : undefined].filter(Boolean).join('; ') || undefined;
  outcomes.push({ step, status: ok ? 'PASS' : 'FAIL', ms, code, note });
  console.log(`\n${paint(ok ? '32' : '31')}${ok ? 'PASS' : 'FAIL'}${paint('0')} ${step.id} in ${fmt(ms)} (exit ${code})`);
  if (!ok) failed = true;
}

const total = performance.now() - started;
rule('Summary');
console.log(`${'step'.padEnd(14)}${'result'.padEnd(9)}${'time'.padStart(8)}  exit  note`);
for (const o of outcomes) {
  const tint = paint(o.status === 'PASS' ? '32' : o.status === 'FAIL' ? '31' : '33');
  console.log(
    `${o.step.id.padEnd(14)}${tint}${o.status.padEnd(9)}${paint('0')}${(o.status === 'PASS' || o.status === 'FAIL' ? fmt(o.ms) : '-').padStart(8)}  ${String(o.code ?? '-').padEnd(4)}  ${o.note ?? ''}`,
  );
}
const count = (s: Outcome['status']) => outcomes.filter((o) => o.status === s).length;
console.log(
  `\n${count('PASS')} passed, ${count('FAIL')} failed, ${count('SKIP')} skipped, ${count('NOT RUN')} not run (of ${outcomes.length} steps) in ${fmt(total)}`,
);
if (!outcomes.length) console.log('No step selected.');
process.exit(failed || interrupted ? 1 : 0);

// `npm run dev`: the API (restarted on change), the Vite dev server (proxying /api, /me and
// /pos to the API) and Panda in watch mode, with prefixed output. Ctrl-C stops all three; so
// does any one of them exiting.
//
//   API_PORT   API server port (default 3100); vite.config.ts proxies to it
//   VITE_PORT  Vite dev server port (default 5173, strict: a busy port is an error, not a surprise)
//   VITE_INSPECT=1  the app starts the Stately inspector (opens in a new tab: allow popups)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const apiPort = Number(process.env.API_PORT || 3100);
const vitePort = Number(process.env.VITE_PORT || 5173);
const host = '127.0.0.1';

function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const s = createServer();
    s.once('error', () => done(false));
    s.listen(port, host, () => s.close(() => done(true)));
  });
}

for (const [name, port] of [['API_PORT', apiPort], ['VITE_PORT', vitePort]] as const) {
  if (!(await portFree(port))) {
    console.error(`Port ${port} on ${host} is in use: set ${name} to a free port (e.g. ${name}=${port + 10} npm run dev).`);
    process.exit(1);
  }
}

// styled-system must exist before Vite resolves the first import of it.
const codegen = spawnSync(bin('panda'), ['codegen', '--silent'], { cwd: root, stdio: 'inherit' });
if (codegen.status !== 0) process.exit(codegen.status ?? 1);

const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', API_PORT: String(apiPort), VITE_PORT: String(vitePort) };

const tasks = [
  { name: 'api', colour: 35, command: process.execPath, args: ['--watch', '--import', 'tsx', 'server/main.ts'], env: { ...env, PORT: String(apiPort), HOST: host } },
  { name: 'web', colour: 36, command: bin('vite'), args: ['--host', host, '--port', String(vitePort), '--strictPort'], env },
  { name: 'css', colour: 33, command: bin('panda'), args: ['--watch'], env },
];

const children = new Map<string, ChildProcess>();
let stopping = false;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) {
    // Each task is its own process group (detached), so this reaches the tools' own children too.
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
  const force = setTimeout(() => {
    for (const child of children.values()) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
    process.exit(code);
  }, 5_000);
  force.unref();
  const check = () => (children.size === 0 ? process.exit(code) : setTimeout(check, 100));
  check();
}

for (const task of tasks) {
  const prefix = process.stdout.isTTY ? `\x1b[${task.colour}m[${task.name}]\x1b[0m ` : `[${task.name}] `;
  const child = spawn(task.command, task.args, { cwd: root, env: task.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.set(task.name, child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  child.on('error', (err) => {
    console.error(`${prefix}could not start: ${err.message}`);
    children.delete(task.name);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    children.delete(task.name);
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? code}); stopping the others.`);
      stopAll(code || 1);
    }
  });
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

console.log(`Admin app: http://${host}:${vitePort}/admin   (API on http://${host}:${apiPort}, proxied under /api)`);
if (process.env.VITE_INSPECT) console.log('VITE_INSPECT is set: the Stately inspector opens in a new tab (allow popups for this site).');

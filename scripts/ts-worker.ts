// A worker thread that runs a TypeScript file of these scripts. On Node 20 the `--import tsx` of
// the main thread does not reach a worker's own entry module, so the worker registers tsx itself
// (its API, resolved here, so the worker finds it wherever it starts) before it loads the file.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A worker running `moduleUrl` (a file: URL, usually the caller's `import.meta.url`). */
export function tsWorker(moduleUrl: string, options: WorkerOptions): Worker {
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(moduleUrl)});`;
  return new Worker(new URL('data:text/javascript,' + encodeURIComponent(boot)), options);
}

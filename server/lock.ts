import { mkdirSync, readFileSync, readlinkSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** How often the holder marks the lock file as alive (its modification time). */
export const HEARTBEAT_MS = 5_000;
/** A lock from another container or machine whose file was not touched for this long is stale. */
export const STALE_MS = 20_000;

/**
 * Where pids mean the same thing: this boot of this kernel and this pid namespace. Two
 * containers sharing a data folder have different namespaces (or machines), so neither can ask
 * whether the other's pid runs; undefined where /proc cannot tell.
 */
function whereAmI(): string | undefined {
  try {
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()} ${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When process `pid` started (clock ticks since boot, from /proc/<pid>/stat), or undefined
 * where /proc cannot tell (another system, or the process is gone). With the pid it names one
 * process for good: a pid is reused, a pid and its start time are not.
 */
function startTime(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) is in parentheses and may hold spaces; field 22 is the start time.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return undefined;
  }
}

interface LockHolder {
  pid: number;
  /** Start time of the holder; missing in a lock written before it was recorded. */
  started?: string;
  /** The holder's boot and pid namespace (whereAmI); missing in older locks. */
  where?: string;
  host?: string;
}

function readHolder(file: string): LockHolder | undefined {
  const text = readFileSync(file, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder> | number;
    if (typeof parsed === 'number') return Number.isInteger(parsed) && parsed > 0 ? { pid: parsed } : undefined;
    if (Number.isInteger(parsed.pid) && parsed.pid! > 0) {
      return {
        pid: parsed.pid!,
        ...(typeof parsed.started === 'string' ? { started: parsed.started } : {}),
        ...(typeof parsed.where === 'string' ? { where: parsed.where } : {}),
        ...(typeof parsed.host === 'string' ? { host: parsed.host } : {}),
      };
    }
  } catch {
    /* not a lock we can read: stale */
  }
  return undefined;
}

/** The lock was written in another container or on another machine (its pid means nothing here). */
const elsewhere = (holder: LockHolder) => holder.where !== undefined && holder.where !== whereAmI();

/**
 * Whether the lock's holder still runs. A pid alone is not enough: after a crash and a reboot
 * the same pid may belong to any program, which must not keep the server from starting. A
 * holder in another container or machine runs while it keeps touching the file (HEARTBEAT_MS).
 */
function holderRuns(holder: LockHolder, file: string): boolean {
  if (elsewhere(holder)) {
    try {
      return Date.now() - statSync(file).mtimeMs < STALE_MS;
    } catch {
      return false;
    }
  }
  if (holder.pid === process.pid || !alive(holder.pid)) return false;
  const now = startTime(holder.pid);
  if (now === undefined) return true; // no /proc: the pid is all there is to go on
  if (holder.started !== undefined) return holder.started === now;
  // A lock without a start time: the process must at least be a server of ours.
  return /\bnode\b.*(server\/main|create-admin)/.test(commandLine(holder.pid) ?? '');
}

export type LockResult = { ok: true; release: () => void } | { ok: false; pid: number; message: string };

/**
 * PGlite allows one process per data folder; a second server on the same folder would corrupt
 * it. The lock file names its holder (pid, start time, boot and pid namespace, host); a lock
 * whose holder is gone is stale and replaced. Containers sharing the folder cannot see each
 * other's processes, so the holder touches the file every HEARTBEAT_MS and a lock from elsewhere
 * counts as held until STALE_MS after its last touch.
 */
export function lockDataDir(dataDir: string, opts: { heartbeatMs?: number } = {}): LockResult {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  const started = startTime('self');
  const where = whereAmI();
  const me: LockHolder = { pid: process.pid, ...(started === undefined ? {} : { started }), ...(where === undefined ? {} : { where }), host: hostname() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      let released = false;
      const heartbeat = setInterval(() => {
        try {
          const now = new Date();
          utimesSync(file, now, now);
        } catch {
          /* gone: release follows, or someone removed it by hand */
        }
      }, opts.heartbeatMs ?? HEARTBEAT_MS);
      heartbeat.unref();
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          clearInterval(heartbeat);
          try {
            if (readHolder(file)?.pid === process.pid) rmSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && holderRuns(holder, file)) {
        const who = elsewhere(holder)
          ? `pid ${holder.pid} in another container or on another machine${holder.host ? ` (host ${holder.host})` : ''}; if it is gone, its lock ends ${STALE_MS / 1000} s after it stopped`
          : `pid ${holder.pid}`;
        return {
          ok: false,
          pid: holder.pid,
          message: `Another server is already using the data folder ${dataDir} (${who}). Stop it first or set DATA_DIR to another folder.`,
        };
      }
      rmSync(file, { force: true }); // stale: its holder is gone
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

/**
 * What a command on the embedded database does first (the server, `npm run migrate`,
 * `npm run create-admin`): hold the data folder, or say who holds it and exit 1. PostgreSQL
 * (`databaseUrl`) needs no lock. Returns the release.
 */
export function holdDataDirOrExit(config: { databaseUrl?: string | undefined; dataDir: string }): () => void {
  if (config.databaseUrl) return () => {};
  const lock = lockDataDir(config.dataDir);
  if (!lock.ok) {
    console.error(lock.message);
    process.exit(1);
  }
  return lock.release;
}

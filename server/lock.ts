import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
}

function readHolder(file: string): LockHolder | undefined {
  const text = readFileSync(file, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder> | number;
    if (typeof parsed === 'number') return Number.isInteger(parsed) && parsed > 0 ? { pid: parsed } : undefined;
    if (Number.isInteger(parsed.pid) && parsed.pid! > 0) return { pid: parsed.pid!, ...(typeof parsed.started === 'string' ? { started: parsed.started } : {}) };
  } catch {
    /* not a lock we can read: stale */
  }
  return undefined;
}

/**
 * Whether the lock's holder still runs. A pid alone is not enough: after a crash and a reboot
 * the same pid may belong to any program, which must not keep the server from starting.
 */
function holderRuns(holder: LockHolder): boolean {
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
 * it. The lock file names its holder (pid and start time); a lock whose holder is gone is
 * stale and replaced.
 */
export function lockDataDir(dataDir: string): LockResult {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  const started = startTime('self');
  const me: LockHolder = { pid: process.pid, ...(started === undefined ? {} : { started }) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
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
      if (holder && holderRuns(holder)) {
        return {
          ok: false,
          pid: holder.pid,
          message: `Another server is already using the data folder ${dataDir} (pid ${holder.pid}). Stop it first or set DATA_DIR to another folder.`,
        };
      }
      rmSync(file, { force: true }); // stale: its holder is gone
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

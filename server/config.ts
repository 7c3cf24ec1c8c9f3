import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the PGlite data folder (unused when databaseUrl is set). */
  dataDir: string;
  databaseUrl: string | undefined;
  seed: 'demo' | 'none';
  nodeEnv: string;
  production: boolean;
  tokenIdleMinutes: number;
  tokenTtlHours: number;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  loginLockSeconds: number;
  /** Failed sign-ins one account may have in any hour, from any number of addresses. */
  loginAccountMaxFailures: number;
  /** Failed sign-ins one address (an IPv6 /64) may make in any hour, whatever the emails. */
  loginAddressMaxFailures: number;
  /** Failed sign-ins a browser where the account signed in before may make in any hour (device cookie). */
  loginDeviceMaxFailures: number;
  /**
   * Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (addresses or CIDR ranges,
   * TRUSTED_PROXIES="127.0.0.1, 10.0.0.0/8"). From anyone else those headers are ignored.
   */
  trustedProxies: string[];
  /** The address people reach the shop at (PUBLIC_URL); its scheme decides whether cookies are Secure. */
  publicUrl: URL | undefined;
  /** PostgreSQL connections this server may hold (DB_POOL_SIZE). */
  dbPoolSize: number;
  /** PostgreSQL cancels a statement running longer (DB_STATEMENT_TIMEOUT_MS); 0: no limit. */
  dbStatementTimeoutMs: number;
  /** How long /api/ready waits for the database before answering 503 (READY_TIMEOUT_MS). */
  readyTimeoutMs: number;
  /** After SIGTERM, how long the server keeps serving with /api/ready at 503 before it stops (DRAIN_SECONDS). */
  drainSeconds: number;
  /** This server's name in log lines (SERVER_NAME; default host name and port). */
  serverName: string;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}").`);
  }
  return n;
}

/** A list of IP addresses and CIDR ranges; refuses anything else, so a typo cannot trust nobody silently. */
function proxies(env: Env): string[] {
  const raw = env.TRUSTED_PROXIES?.trim();
  if (!raw) return [];
  return raw.split(/[\s,]+/).filter(Boolean).map((item) => {
    const [addr = '', bits, extra] = item.split('/');
    const family = isIP(addr);
    const max = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))) {
      throw new Error(`TRUSTED_PROXIES must list IP addresses or CIDR ranges (got "${item}").`);
    }
    return item;
  });
}

function publicUrl(env: Env): URL | undefined {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an http or https URL (got "${raw}").`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PUBLIC_URL must be an http or https URL (got "${raw}").`);
  return url;
}

export function loadConfig(env: Env = process.env): Config {
  const seed = (env.SEED ?? 'demo').trim() || 'demo';
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be "demo" or "none" (got "${seed}").`);
  const nodeEnv = env.NODE_ENV ?? 'development';
  return {
    port: int(env, 'PORT', 3000, 0),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    seed,
    nodeEnv,
    production: nodeEnv === 'production',
    tokenIdleMinutes: int(env, 'TOKEN_IDLE_MINUTES', 720),
    tokenTtlHours: int(env, 'TOKEN_TTL_HOURS', 168),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5),
    loginWindowSeconds: int(env, 'LOGIN_WINDOW_SECONDS', 900),
    loginLockSeconds: int(env, 'LOGIN_LOCK_SECONDS', 60),
    loginAccountMaxFailures: int(env, 'LOGIN_ACCOUNT_MAX_FAILURES', 100),
    loginAddressMaxFailures: int(env, 'LOGIN_ADDRESS_MAX_FAILURES', 100),
    loginDeviceMaxFailures: int(env, 'LOGIN_DEVICE_MAX_FAILURES', 10),
    trustedProxies: proxies(env),
    publicUrl: publicUrl(env),
    dbPoolSize: int(env, 'DB_POOL_SIZE', 10),
    dbStatementTimeoutMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', 0, 0),
    readyTimeoutMs: int(env, 'READY_TIMEOUT_MS', 2000),
    drainSeconds: int(env, 'DRAIN_SECONDS', 0, 0),
    serverName: env.SERVER_NAME?.trim() || `${hostname()}:${int(env, 'PORT', 3000, 0)}`,
  };
}

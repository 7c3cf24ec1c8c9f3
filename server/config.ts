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
  };
}

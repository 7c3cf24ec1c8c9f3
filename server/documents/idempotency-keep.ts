/** Idempotency keys are kept this long, then purged with old sessions (server/auth/purge.ts). */
export const IDEMPOTENCY_KEEP_HOURS = 48;

/**
 * Exactly-once writes (server/documents/idempotency.ts): a client names a write with a key it
 * made and names itself (a till or a browser tab) beside it. Both sides spell the headers here.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const CLIENT_HEADER = 'X-Client-Id';
/** What the server takes: visible ASCII, a UUID will do. */
export const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const CLIENT_PATTERN = /^[\x21-\x7e]{1,64}$/;

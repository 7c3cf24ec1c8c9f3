import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { createHashGate } from './hash-gate.ts';

/**
 * Every argon2 hash and verify of the process goes through this gate: one at a time (each
 * already uses 4 threads), with up to 8 sign-ins waiting; a sign-in beyond that is refused at
 * once (verifySignIn throws HashGateBusy, the API answers 503).
 */
export const hashGate = createHashGate(1, 8);

/**
 * argon2id, 64 MiB, 3 passes, one lane: one lane runs on one thread, so a hash takes one core
 * and never the whole machine (argon2's default of 4 lanes ran 4 threads per hash on our
 * 2 cores). Hashes made with other settings still verify; a sign-in rehashes them.
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hashGate.run(() => argon2.hash(password, HASH_OPTIONS), false);
}

/** Whether a stored hash was made with other settings than HASH_OPTIONS. */
export const needsRehash = (hash: string): boolean => {
  try {
    return argon2.needsRehash(hash, HASH_OPTIONS);
  } catch {
    return false;
  }
};

async function verify(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return hashGate.run(() => verify(hash, password), false);
}

/** A sign-in's check: refused at once (HashGateBusy) rather than queued behind a flood. */
export function verifySignIn(hash: string, password: string): Promise<boolean> {
  return hashGate.run(() => verify(hash, password), true);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random secret, verified when the email is unknown so that an unknown email
 * and a wrong password take about the same time (no account enumeration by timing).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

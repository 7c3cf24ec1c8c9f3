import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/auth.ts';

/**
 * The one rule for a new password, wherever one is set (the users API, PATCH /api/password,
 * npm run create-admin): the length limits the forms show, and not one of the common
 * passwords attackers try first. Signing in with an existing password never checks it.
 *
 * The list is @zxcvbn-ts/language-common's "passwords-common" (about 49,000, most common
 * first, from public breach corpora), a maintained package that installs from the registry;
 * it is loaded on the first check, not at start-up.
 */
export const COMMON_PASSWORD_MESSAGE =
  'This is one of the most common passwords, which attackers try first. Choose one that is harder to guess.';

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    (m) => new Set((m.dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  );
  return common;
}

/** Whether the password, in any letter case, is on the common-passwords list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** Why a new password is refused, or undefined when it may be used. */
export async function passwordProblem(password: string): Promise<string | undefined> {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (await isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return undefined;
}

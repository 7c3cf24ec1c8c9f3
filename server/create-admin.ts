import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { loadConfig } from './config.ts';
import { migrate, openDatabase } from './db/index.ts';
import { hashPassword } from './auth/password.ts';
import { passwordProblem } from './auth/password-rule.ts';
import { findUserByEmail } from './auth/session.ts';
import { userRoles, users } from './db/schema.ts';
import { ensureSuperAdminRole, seedPermissions } from './seed.ts';
import { holdDataDirOrExit } from './lock.ts';

/** `npm run create-admin`: makes a Super Admin (PRODUCT §1: the first admin in production). */
const config = loadConfig(process.env);

async function ask(): Promise<{ email: string; name: string; password: string }> {
  let { ADMIN_EMAIL: email, ADMIN_NAME: name, ADMIN_PASSWORD: password } = process.env;
  if (email && name && password) return { email, name, password };
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    email ||= (await rl.question('Email: ')).trim();
    name ||= (await rl.question('Name: ')).trim();
    password ||= await rl.question('Password: ');
  } finally {
    rl.close();
  }
  return { email, name, password };
}

async function problems(input: { email: string; name: string; password: string }): Promise<string[]> {
  const out: string[] = [];
  if (!z.email().safeParse(input.email).success) out.push('Enter a valid email address.');
  if (!input.name.trim()) out.push('Enter a name.');
  // The same rule as the users screen and the profile's password change.
  const password = await passwordProblem(input.password);
  if (password) out.push(password);
  return out;
}

const input = await ask();
const errs = await problems(input);
if (errs.length) {
  for (const e of errs) console.error(e);
  process.exit(1);
}

const release = holdDataDirOrExit(config);
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
try {
  await migrate(handle);
  await seedPermissions(handle.db);
  const email = input.email.toLowerCase();
  if (await findUserByEmail(handle.db, email)) {
    console.error(`A user with the email ${email} already exists.`);
    process.exitCode = 1;
  } else {
    const roleId = await ensureSuperAdminRole(handle.db);
    const password_hash = await hashPassword(input.password);
    await handle.db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({ name: input.name.trim(), email, password_hash }).returning({ id: users.id });
      await tx.insert(userRoles).values({ user_id: user!.id, role_id: roleId });
    });
    console.log(`Super Admin ${email} created.`);
  }
} finally {
  await handle.close();
  release();
}

// Creates the demo accounts of tooling/demo-accounts.json that do not exist yet.
import { readFile } from 'node:fs/promises';
import type { Queryable } from '../db/database.js';
import { createAccount, findAccountByEmail } from './account-repository.js';

interface DemoAccountsFile {
  password: string;
  accounts: { email: string; name: string }[];
}

/** Returns the emails it created; accounts that already exist are left as they are. */
export async function seedDemoAccounts(db: Queryable, file: string): Promise<string[]> {
  const demo = JSON.parse(await readFile(file, 'utf8')) as DemoAccountsFile;
  const created: string[] = [];
  for (const { email, name } of demo.accounts) {
    if (await findAccountByEmail(db, email)) continue;
    const account = await createAccount(db, {
      email,
      name,
      password: demo.password,
      emailVerified: true,
    });
    if (account) created.push(account.email);
  }
  return created;
}

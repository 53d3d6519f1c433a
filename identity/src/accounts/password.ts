// Password hashing with argon2id.
import { hash, verify } from '@node-rs/argon2';
import type { Algorithm, Options } from '@node-rs/argon2';

// Algorithm is a const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** argon2id's cost for every stored password: 19 MiB, two passes, one lane (OWASP's minimum). */
export const PASSWORD_HASH_COST: Readonly<Options> = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * The cheapest cost, for tests only (IDENTITY_FAST_PASSWORD_HASHING=1, refused unless PUBLIC_URL is
 * a loopback address): their hundreds of sign-ins then cost next to nothing.
 */
export const FAST_PASSWORD_HASH_COST: Readonly<Options> = {
  algorithm: ARGON2ID,
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
};

let cost = PASSWORD_HASH_COST;
let decoyHash: Promise<string> | undefined;

/** The cost of the hashes made from now on (buildApp sets it from the configuration). */
export function setPasswordHashCost(fast: boolean): void {
  const next = fast ? FAST_PASSWORD_HASH_COST : PASSWORD_HASH_COST;
  if (next !== cost) decoyHash = undefined;
  cost = next;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost);
}

/** Checks a password against its hash, at the cost the hash itself names. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends the same time as a real check, so a response never tells whether an email exists. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  await verifyPassword(await decoyHash, password);
  return false;
}

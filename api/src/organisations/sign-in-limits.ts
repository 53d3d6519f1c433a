// Which of an organisation's users the identity provider refuses to sign in for now, and until when
// (docs/decisions/0027-sign-in-limits.md): an owner sees their people held back, read from identity
// with the API key for the members' e-mail addresses.
import type { FastifyBaseLogger } from 'fastify';
import type { SignInLimit } from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { ApiError } from '../errors';
import { errorCodes, messages } from '../messages';
import { IdentityRefusal, type IdentityClient } from '../plugins/app/identity';
import { membersOf, type Organisation } from './users';

/** Addresses per question to identity (its own ceiling). */
const EMAILS_PER_QUESTION = 500;

export async function signInLimitsOf(
  deps: { db: Queryable; identity: IdentityClient; log: FastifyBaseLogger },
  organisation: Organisation,
  endUserId: string,
): Promise<SignInLimit[]> {
  const members = await membersOf(deps.db, organisation);
  const byEmail = new Map<string, typeof members>();
  for (const member of members) {
    const email = member.email.toLowerCase();
    byEmail.set(email, [...(byEmail.get(email) ?? []), member]);
  }
  const emails = [...byEmail.keys()];
  const limits: SignInLimit[] = [];
  for (let start = 0; start < emails.length; start += EMAILS_PER_QUESTION) {
    let answers;
    try {
      answers = await deps.identity.signInLimits(
        emails.slice(start, start + EMAILS_PER_QUESTION),
        endUserId,
      );
    } catch (error) {
      if (error instanceof IdentityRefusal && error.status === 429)
        throw new ApiError(429, errorCodes.rateLimited, messages.tooManyRequests);
      deps.log.error({ err: error }, 'sign-in limits could not be read from identity');
      throw new ApiError(502, errorCodes.accountsUnavailable, messages.accountsUnavailable);
    }
    for (const answer of answers) {
      for (const member of byEmail.get(answer.email.toLowerCase()) ?? []) {
        limits.push({
          userId: member.id,
          fullname: member.fullname,
          emailId: member.email,
          until: answer.until.toISOString(),
        });
      }
    }
  }
  return limits.sort(
    (a, b) => a.until.localeCompare(b.until) || a.fullname.localeCompare(b.fullname),
  );
}

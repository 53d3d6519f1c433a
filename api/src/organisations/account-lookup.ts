import { EMAIL_MUST_EXIST, nameOnOneLine } from '@verity/shared-api/src/server';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, invalid } from '../errors';
import { errorCodes, messages } from '../messages';
import type { IdentityClient } from '../plugins/app/identity';

export interface ExistingAccount {
  /** The account's name, the default name of the membership made for it. */
  name: string;
}

/**
 * The identity account of an email, which must exist (the creation rule: 'Please enter a valid
 * email that exists in our records'); 502 when the accounts service cannot answer. The membership
 * made for it is still bound only by a verified e-mail or the invitation link: anyone can sign up
 * with any address.
 */
export async function requireExistingAccount(
  identity: IdentityClient,
  log: FastifyBaseLogger,
  email: string,
  endUserId: string,
): Promise<ExistingAccount> {
  let answer;
  try {
    answer = await identity.lookupUser(email, endUserId);
  } catch (error) {
    log.error({ err: error }, 'accounts service unreachable');
    throw new ApiError(502, errorCodes.accountsUnavailable, messages.accountsUnavailable);
  }
  const body = answer.body as
    { success?: unknown; user?: { sub?: unknown; name?: unknown } } | undefined;
  if (answer.status === 200 && body?.success === true && typeof body.user?.sub === 'string') {
    return { name: typeof body.user.name === 'string' ? nameOnOneLine(body.user.name) : '' };
  }
  if (answer.status === 404 || answer.status === 400) throw invalid(EMAIL_MUST_EXIST);
  log.error({ status: answer.status }, 'accounts service refused the lookup');
  throw new ApiError(502, errorCodes.accountsUnavailable, messages.accountsUnavailable);
}

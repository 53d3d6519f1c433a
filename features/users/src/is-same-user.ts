import type { ClientUser, SessionUser } from '@verity/shared-api';

/** A listed user is the signed-in one when the ids or the emails (any case) match. */
export function isSameUser(
  listed: Pick<ClientUser, 'id' | 'emailId'>,
  signedIn: Pick<SessionUser, '_id' | 'emailId'>,
): boolean {
  if (listed.id && listed.id === signedIn._id) return true;
  return listed.emailId.trim().toLowerCase() === signedIn.emailId.trim().toLowerCase();
}

// A deployment's first step: a client (the tenancy root) with its first owner, and the owner's
// identity account when it does not exist yet.
import { randomBytes } from 'node:crypto';
import { personNameProblem } from '@verity/shared-api/src/server';
import type { Database } from '../db';
import { invitationLink, invitationMessage } from '../invitations/invitation-mail';
import { createInvitation, type Invitation } from '../invitations/invitations';
import type { Mailer } from '../mail/mailer';

export interface NewClient {
  name: string;
  ownerEmail: string;
  ownerName: string;
}

/** Creates the identity account; 'exists' when identity already has one for that email. */
export type CreateAccount = (account: {
  email: string;
  name: string;
  password: string;
}) => Promise<'created' | 'exists'>;

export interface CreatedClient {
  clientId: string;
  ownerUserId: string;
  /** The owner's invitation, for the caller to e-mail once this is committed. */
  invitation: Invitation;
  /** The owner's one-time password when their account was created now; absent when it existed. */
  password?: string;
}

export class CreateClientError extends Error {
  override name = 'CreateClientError';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates the client, its owner membership and the owner's invitation in one transaction; the
 * identity account is created inside it, so a failing identity leaves no client behind. Without
 * `createAccount` the owner signs up on the identity page with that email. Either way the owner
 * joins through the invitation link (or once identity has verified their e-mail).
 */
export async function createClient(
  db: Database,
  input: NewClient,
  createAccount?: CreateAccount,
): Promise<CreatedClient> {
  const name = input.name.trim();
  const ownerEmail = input.ownerEmail.trim().toLowerCase();
  const ownerName = input.ownerName.trim();
  if (!name) throw new CreateClientError('The client name is required');
  if (!EMAIL.test(ownerEmail)) throw new CreateClientError('The owner email is not valid');
  if (!ownerName) throw new CreateClientError("The owner's name is required");
  const nameProblem = personNameProblem(ownerName);
  if (nameProblem) throw new CreateClientError(nameProblem);
  return db.transaction(async (tx) => {
    const existing = await tx.query('SELECT 1 FROM clients WHERE lower(client_name) = lower($1)', [
      name,
    ]);
    if (existing.rows[0]) throw new CreateClientError(`A client named "${name}" already exists`);
    const client = await tx.query<{ id: string }>(
      'INSERT INTO clients (client_name) VALUES ($1) RETURNING id',
      [name],
    );
    const clientId = client.rows[0]!.id;
    const owner = await tx.query<{ id: string }>(
      `INSERT INTO users (email, fullname, user_type, role, client_id)
       VALUES ($1, $2, 'client', 'owner', $3) RETURNING id`,
      [ownerEmail, ownerName, clientId],
    );
    const ownerUserId = owner.rows[0]!.id;
    // The owner joins through the e-mailed link (or a verified e-mail): never by the address alone.
    const invitation = await createInvitation(tx, ownerUserId, null);
    const created: CreatedClient = { clientId, ownerUserId, invitation };
    if (createAccount) {
      const password = randomBytes(12).toString('base64url');
      const outcome = await createAccount({ email: ownerEmail, name: ownerName, password });
      if (outcome === 'created') created.password = password;
    }
    return created;
  });
}

/** POST {accountsUrl}/accounts with the API key (see identity's accounts routes). */
export function identityAccountCreator(accountsUrl: string, apiKey: string): CreateAccount {
  return async (account) => {
    const response = await fetch(`${accountsUrl.replace(/\/$/, '')}/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(account),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status === 201) return 'created';
    if (response.status === 409) return 'exists';
    const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new CreateClientError(
      `Identity refused the account (${response.status}): ${body?.message ?? response.statusText}`,
    );
  };
}

/** E-mails the owner's invitation; when it cannot be sent, the link for the operator to pass on. */
export async function sendOwnerInvitation(
  mailer: Mailer,
  publicUrl: string,
  invitation: Invitation,
): Promise<{ sent: true } | { sent: false; link: string; reason: string }> {
  try {
    await mailer.send(invitationMessage(invitation, publicUrl));
    return { sent: true };
  } catch (error) {
    return {
      sent: false,
      link: invitationLink(publicUrl, invitation.token),
      reason: (error as Error).message,
    };
  }
}

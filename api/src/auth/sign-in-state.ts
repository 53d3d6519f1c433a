// What a sign-in keeps across redirects besides its own transaction: the invitation being accepted,
// and the organisations a person in several of them chooses from. Signed, HttpOnly cookies.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiConfig } from '../config';
import type { UserType } from '@verity/shared-api/src/server';
import { isUuid } from '../uuid';
import {
  CHOICE_COOKIE,
  clearAuthStateCookie,
  INVITATION_COOKIE,
  readAuthStateCookie,
  setAuthStateCookie,
} from './session-cookies';

/** Long enough to sign up (and verify the address) at the provider before coming back. */
const INVITATION_COOKIE_SECONDS = 60 * 60;
const CHOICE_COOKIE_SECONDS = 10 * 60;
const USER_TYPES: readonly string[] = ['client', 'auditor', 'targetCompany'];

export function setInvitation(reply: FastifyReply, config: ApiConfig, token: string): void {
  setAuthStateCookie(reply, config, INVITATION_COOKIE, { token }, INVITATION_COOKIE_SECONDS);
}

export function clearInvitation(reply: FastifyReply, config: ApiConfig): void {
  clearAuthStateCookie(reply, config, INVITATION_COOKIE);
}

/** The invitation token kept from its link, if any. */
export function readInvitation(request: FastifyRequest): string | undefined {
  const value = readAuthStateCookie(request, INVITATION_COOKIE) as { token?: unknown } | undefined;
  return typeof value?.token === 'string' ? value.token : undefined;
}

/** A person signed in at the provider who belongs to several organisations of one user type. */
export interface OrganisationChoice {
  userType: UserType;
  /** The account that signed in: the memberships must still be bound to it when one is chosen. */
  sub: string;
  membershipIds: string[];
}

export function setChoice(reply: FastifyReply, config: ApiConfig, choice: OrganisationChoice) {
  setAuthStateCookie(reply, config, CHOICE_COOKIE, choice, CHOICE_COOKIE_SECONDS);
}

export function clearChoice(reply: FastifyReply, config: ApiConfig): void {
  clearAuthStateCookie(reply, config, CHOICE_COOKIE);
}

export function readChoice(request: FastifyRequest): OrganisationChoice | undefined {
  const value = readAuthStateCookie(request, CHOICE_COOKIE) as
    Partial<OrganisationChoice> | undefined;
  if (
    !value ||
    !USER_TYPES.includes(value.userType as string) ||
    typeof value.sub !== 'string' ||
    !Array.isArray(value.membershipIds) ||
    !value.membershipIds.every(isUuid)
  )
    return undefined;
  return value as OrganisationChoice;
}

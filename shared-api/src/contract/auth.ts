// The contract of sign-in, the session and the accounts lookup (docs/api.md).
import { Type, type Static } from '@sinclair/typebox';
import { ROLES, USER_TYPES } from '../domain/user';
import { DATE_STYLES } from '../domain/dates';
import { LANGUAGES } from '../domain/language';
import {
  SuccessBody,
  Uuid,
  errorAnswers,
  literals,
  oneOf,
  routeSchemas,
  successWith,
} from './common';

export const UserTypeSchema = literals(USER_TYPES);
export const RoleSchema = literals(ROLES);

/**
 * The signed-in user (docs/api.md "Shapes"); exactly one organisation id is present, the one of its
 * user type.
 */
export const SessionUser = Type.Object({
  _id: Uuid,
  fullname: Type.String(),
  emailId: Type.String(),
  role: RoleSchema,
  userType: UserTypeSchema,
  clientId: Type.Optional(Uuid),
  auditorId: Type.Optional(Uuid),
  targetCompanyId: Type.Optional(Uuid),
  organisationName: Type.String(),
  // Always sent by the API; optional so that a user made elsewhere (a test's, a bench's) reads 'by-place'.
  dateStyle: Type.Optional(
    oneOf(DATE_STYLES, { description: "how every date is written for this user ('by-place')" }),
  ),
  // Always sent by the API, null until chosen; optional for the same reason as dateStyle.
  language: Type.Optional(
    Type.Union([oneOf(LANGUAGES), Type.Null()], {
      description:
        'the language Verity speaks to this user, on screen and in e-mails; null until they choose one',
    }),
  ),
});
export type SessionUser = Static<typeof SessionUser>;

/** One organisation a person who belongs to several of one user type may sign in to. */
export const OrganisationChoice = Type.Object({
  membershipId: Uuid,
  organisationName: Type.String(),
  role: RoleSchema,
});
export type OrganisationChoice = Static<typeof OrganisationChoice>;

/** An identity account as the lookup gives it: never its real sub or picture. */
export const LookedUpUser = Type.Object({
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  sub: Type.String(),
  picture: Type.Union([Type.String(), Type.Null()]),
  email_verified: Type.Boolean(),
});
export type LookedUpUser = Static<typeof LookedUpUser>;

/**
 * The accounts lookup keeps the accounts service's own shape (docs/api.md "Calls"), not the
 * envelope.
 */
export const AccountFound = Type.Object({ success: Type.Literal(true), user: LookedUpUser });

/**
 * The lookup's answer as the email input reads it: the email rule still has the browser check
 * `success` and `user` (an accounts service may say no with a 200; this API answers 404).
 */
export type AccountLookupResult = {
  success: Static<typeof AccountFound>['success'] | false;
  user?: Static<typeof AccountFound>['user'];
};

const Redirect = { 302: Type.Null({ description: 'Redirect (Location header)' }) };

// The client sends these POSTs without a body; anything sent is stripped by the empty schema.
const EmptyBody = Type.Object({});

export const authSchemas = routeSchemas({
  me: {
    response: {
      200: successWith(Type.Object({ user: SessionUser })),
      ...errorAnswers(401, 403, 503),
    },
  },
  updateMySettings: {
    // Plain strings: an unknown style or language is answered in words by the route
    // (DATE_STYLE_TEXT.unknown, LANGUAGE_TEXT.unknown); at least one of the two is sent.
    body: Type.Object({
      dateStyle: Type.Optional(Type.String({ maxLength: 40 })),
      language: Type.Optional(Type.String({ maxLength: 40 })),
    }),
    response: {
      200: successWith(Type.Object({ user: SessionUser })),
      ...errorAnswers(400, 401, 403, 503),
    },
  },
  refresh: { body: EmptyBody, response: { 200: SuccessBody, ...errorAnswers(401, 503) } },
  logout: { body: EmptyBody, response: { 200: SuccessBody, ...errorAnswers(503) } },
  signIn: { response: { ...Redirect, ...errorAnswers(503) } },
  callback: {
    querystring: Type.Object({
      code: Type.Optional(Type.String()),
      state: Type.Optional(Type.String()),
      iss: Type.Optional(Type.String()),
      error: Type.Optional(Type.String()),
      error_description: Type.Optional(Type.String()),
    }),
    response: { ...Redirect, ...errorAnswers(503) },
  },
  invitation: {
    params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
    response: { ...Redirect, ...errorAnswers(503) },
  },
  organisationChoices: {
    response: {
      200: successWith(Type.Object({ organisations: Type.Array(OrganisationChoice) })),
      ...errorAnswers(401, 503),
    },
  },
  chooseOrganisation: {
    body: Type.Object({ membershipId: Uuid }),
    response: { 200: SuccessBody, ...errorAnswers(400, 401, 404, 503) },
  },
  lookUpAccount: {
    querystring: Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }) }),
    response: {
      200: AccountFound,
      ...errorAnswers(400, 401, 403, 404, 429, 502, 503),
    },
  },
});

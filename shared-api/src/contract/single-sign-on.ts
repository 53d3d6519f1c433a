// The contract of single sign-on (docs/api.md "Single sign-on"; docs/decisions/0098-single-sign-on.md).
// The limits and words live in ../domain/single-sign-on.
import { Type, type Static } from '@sinclair/typebox';
import { SSO_LIMITS } from '../domain/single-sign-on';
import { IsoDate, Nullable, errorAnswers, routeSchemas, successWith } from './common';

/** The organisation's provider as its owners see it: never its client secret. */
export const SsoConnection = Type.Object({
  issuer: Type.String(),
  clientId: Type.String(),
  /** Where the provider must send people back: registered there by the owner. */
  redirectUri: Type.String(),
  /** The e-mail domain routed to the provider, set by the owner's test sign-in. */
  domain: Nullable(Type.String()),
  testedAt: Nullable(IsoDate),
  testedByName: Nullable(Type.String()),
  required: Type.Boolean({
    description: 'members with an address at the domain must sign in through the provider',
  }),
  updatedAt: IsoDate,
  updatedByName: Type.String(),
});
export type SsoConnection = Static<typeof SsoConnection>;

export const SsoConnectionPayload = Type.Object({
  // Plain strings: what does not fit is answered in words by the route.
  issuer: Type.String({ maxLength: 10_000 }),
  clientId: Type.String({ maxLength: 10_000 }),
  clientSecret: Type.Optional(
    Type.String({
      maxLength: 10_000,
      description: `required the first time and when the issuer changes; at most ${SSO_LIMITS.clientSecret} characters`,
    }),
  ),
  required: Type.Optional(
    Type.Boolean({ description: 'only once a test sign-in has succeeded with these settings' }),
  ),
});
export type SsoConnectionPayload = Static<typeof SsoConnectionPayload>;

const ssoErrors = errorAnswers(400, 401, 403, 404, 409, 503);
const Redirect = { 302: Type.Null({ description: 'Redirect (Location header)' }) };

export const ssoSchemas = routeSchemas({
  get: {
    response: {
      200: successWith(
        Type.Object({
          connection: Nullable(SsoConnection),
          redirectUri: Type.String({
            description: 'where the provider must send people back: registered there first',
          }),
        }),
      ),
      ...ssoErrors,
    },
  },
  save: {
    body: SsoConnectionPayload,
    response: { 200: successWith(Type.Object({ connection: SsoConnection })), ...ssoErrors },
  },
  remove: { response: { 200: successWith(Type.Object({})), ...ssoErrors } },
  test: { response: { ...Redirect, ...ssoErrors } },
  signIn: {
    querystring: Type.Object({ email: Type.String({ maxLength: 320 }) }),
    response: { ...Redirect, ...errorAnswers(400, 503) },
  },
});

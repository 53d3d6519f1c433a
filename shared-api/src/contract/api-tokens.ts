// The contract of API tokens (docs/api.md "API tokens"; docs/decisions/0095-api-tokens.md). The
// limits, roles and words live in ../domain/api-tokens.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { API_TOKEN_LIMITS, API_TOKEN_PURPOSES, API_TOKEN_ROLES } from '../domain/api-tokens';
import { IsoDate, Nullable, Uuid, errorAnswers, oneOf, routeSchemas, successWith } from './common';

/** One token as its organisation's owners see it: never its secret. */
export const ApiToken = Type.Object({
  id: Uuid,
  name: Type.String(),
  role: oneOf(API_TOKEN_ROLES),
  purpose: oneOf(API_TOKEN_PURPOSES, {
    description: "'api': the API's routes with its role; 'provisioning': the SCIM routes alone",
  }),
  secretHint: Type.String({ description: "the secret's last four characters" }),
  createdAt: IsoDate,
  createdByName: Type.String(),
  expiresAt: IsoDate,
  lastUsedAt: Nullable(IsoDate),
  revokedAt: Nullable(IsoDate),
  revokedByName: Nullable(Type.String()),
});
export type ApiToken = Static<typeof ApiToken>;

/** A token just made, with its secret: the only answer that ever carries it. */
export const NewApiToken = Type.Object({
  token: ApiToken,
  secret: Type.String({
    description:
      'send it as `Authorization: Bearer <secret>`; shown this once, kept only as a hash',
  }),
});
export type NewApiToken = Static<typeof NewApiToken>;

export const ApiTokenPayload = Type.Object({
  // Plain strings and numbers: what does not fit is answered in words by the route.
  name: Type.String({ maxLength: 1000 }),
  role: Type.String({
    maxLength: 64,
    description: 'admin, editor or viewer (a provisioning token acts as admin)',
  }),
  purpose: Type.Optional(
    Type.String({ maxLength: 64, description: "'api' (default) or 'provisioning'" }),
  ),
  expiresInDays: Type.Optional(
    Type.Integer({
      description: `${API_TOKEN_LIMITS.expiresInDaysMin} to ${API_TOKEN_LIMITS.expiresInDaysMax}; default ${API_TOKEN_LIMITS.expiresInDaysDefault}`,
    }),
  ),
});
export type ApiTokenPayload = Static<typeof ApiTokenPayload>;

const tokenErrors = errorAnswers(400, 401, 403, 404, 409, 503);

function answers<S extends 200 | 201, T extends TSchema>(status: S, data: T) {
  const success = { [status]: successWith(data) } as Record<S, ReturnType<typeof successWith<T>>>;
  return { ...success, ...tokenErrors };
}

export const apiTokenSchemas = routeSchemas({
  list: {
    response: answers(
      200,
      Type.Object({
        tokens: Type.Array(ApiToken, { description: 'live ones first, newest first' }),
      }),
    ),
  },
  create: { body: ApiTokenPayload, response: answers(201, NewApiToken) },
  revoke: {
    params: Type.Object({ id: Uuid }),
    response: answers(200, Type.Object({ token: ApiToken })),
  },
});

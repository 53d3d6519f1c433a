// What every area of the contract is made of: ids, dates, lists of values, and the envelope of
// docs/api.md ("Conventions"). TypeBox schemas: JSON Schema for the API, static types for everyone.
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '../domain/limits';
import {
  FormatRegistry,
  Kind,
  Type,
  TypeRegistry,
  type Static,
  type TNull,
  type TSchema,
  type TUnion,
} from '@sinclair/typebox';

export const Uuid = Type.String({ format: 'uuid' });

/** Dates travel as ISO 8601 strings. */
export const IsoDate = Type.String({ format: 'date-time' });
export type IsoDate = Static<typeof IsoDate>;

/** The schema a type-list `Nullable` stands for (a symbol key: JSON Schema never sees it). */
const NullableOf = Symbol('NullableOf');
const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * `schema` or null. A plain scalar (a string, an integer, a number or a boolean, with its format and
 * bounds, no `enum`) becomes one JSON Schema type list, `type: ['string', 'null']`, rather than
 * `anyOf`: the answers' serialiser picks an `anyOf` branch by validating the value against each,
 * format included (a date or an id on every row: 5 % of the API's time on a page of gaps), and a
 * type list is a `typeof` test. Anything else stays `anyOf`; the static type is the same.
 */
export function Nullable<T extends TSchema>(schema: T): TUnion<[T, TNull]> {
  const type: unknown = schema.type;
  if (typeof type === 'string' && SCALAR_TYPES.has(type) && !('enum' in schema)) {
    const scalar = {
      ...schema,
      [Kind]: 'NullableScalar',
      [NullableOf]: schema,
      type: [type, 'null'],
    };
    return scalar as unknown as TUnion<[T, TNull]>;
  }
  return Type.Union([schema, Type.Null()]);
}

/** Whether `value` is of the scalar `schema`: its type, format and bounds (all a scalar here carries). */
function scalarMatches(schema: TSchema, value: unknown): boolean {
  const { type, format, minimum, maximum } = schema as TSchema & {
    type: string;
    format?: string;
    minimum?: number;
    maximum?: number;
  };
  if (type === 'string')
    return (
      typeof value === 'string' &&
      (format === undefined || (FormatRegistry.Has(format) && FormatRegistry.Get(format)!(value)))
    );
  if (type === 'boolean') return typeof value === 'boolean';
  if (typeof value !== 'number' || (type === 'integer' && !Number.isInteger(value))) return false;
  return (minimum === undefined || value >= minimum) && (maximum === undefined || value <= maximum);
}

// As for `oneOf` below: TypeBox's own checks (Value.Check) learn the kind.
if (!TypeRegistry.Has('NullableScalar'))
  TypeRegistry.Set<{ [NullableOf]: TSchema }>(
    'NullableScalar',
    (schema, value) => value === null || scalarMatches(schema[NullableOf], value),
  );

/**
 * One of a list of strings, as JSON Schema's `enum`: answers are serialised as plain strings, with
 * no per-value check, so the lists of gaps stay fast to send.
 */
export const oneOf = <const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) =>
  Type.Unsafe<T[number]>({ ...options, [Kind]: 'StringEnum', type: 'string', enum: [...values] });

// TypeBox's own checks (Value.Check) learn the kind; JSON Schema never sees it (a symbol key).
if (!TypeRegistry.Has('StringEnum'))
  TypeRegistry.Set<{ enum: string[] }>('StringEnum', (schema, value) =>
    schema.enum.includes(value as string),
  );

/** One of a list of strings, as one literal per value (`anyOf`): the form requests were always checked in. */
export const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value) => Type.Literal(value)));

/** Body of every error answer: `message` is what the client shows (docs/api.md "Conventions"). */
export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  code: Type.String(),
});

/** A file answered as it is (a CSV, a report): OpenAPI's binary string. */
export const FileAnswer = (description: string) =>
  Type.Unsafe<unknown>({ type: 'string', format: 'binary', description });

export const SuccessBody = Type.Object({ success: Type.Literal(true) });

export function successWith<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data });
}

type ErrorAnswers<S extends number> = { [status in S]: typeof ErrorBody };

/** The error body under each of the statuses given. */
export function errorAnswers<const S extends readonly number[]>(
  ...statuses: S
): ErrorAnswers<S[number]> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as ErrorAnswers<
    S[number]
  >;
}

/**
 * The failures every signed-in route may answer: bad input (400), signed out (401), access token
 * expired or role refused (403), out of the caller's tenancy (404), cannot serve now (503).
 */
export const signedInErrors = errorAnswers(400, 401, 403, 404, 503);

/** Which page of a growing list to answer (`page` from 1; `pageSize` defaults to LIST_PAGE_SIZE). */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'from 1' })),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIST_MAX_PAGE_SIZE,
      description: `rows per page, ${LIST_PAGE_SIZE} unless given`,
    }),
  ),
};

/** What a page of a growing list answers beside its rows. */
export const PageInfo = {
  total: Type.Integer({ minimum: 0, description: 'rows in the whole list, all pages' }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
};

/** The schemas of one route: what Fastify validates and serialises, and what OpenAPI describes. */
export interface RouteSchemas {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: Record<number, TSchema>;
}

/** Checks that each entry is a route's schemas, keeping every schema's own type. */
export const routeSchemas = <const T extends Record<string, RouteSchemas>>(routes: T): T => routes;

/** The `data` a route's success answer carries, for the calls. */
export type AnswerData<R extends RouteSchemas, S extends number> = S extends keyof R['response']
  ? Static<R['response'][S]> extends { data: infer D }
    ? D
    : never
  : never;

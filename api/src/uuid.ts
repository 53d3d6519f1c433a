const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** For ids no schema checked (cookies, an optional query value): a non-uuid would make PostgreSQL throw. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);

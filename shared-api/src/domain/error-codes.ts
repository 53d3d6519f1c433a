/**
 * The error `code` of the API's 400 for an id in the path or query that is not a UUID: it names no
 * record, so a screen shows its not-found state for it, as for a 404.
 */
export const MALFORMED_ID_CODE = 'MALFORMED_ID';

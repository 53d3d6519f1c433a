/** A message id as the builds write it: a few letters of its hash. */
export function shortId(id: string): string;

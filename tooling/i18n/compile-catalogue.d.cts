/** The catalogue's text, compiled: each id to the message as Lingui's runtime reads it. */
export function compileCatalogue(source: string): Record<string, unknown>;

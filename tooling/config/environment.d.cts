/** A TypeBox object schema (typed loosely: the services and this file may load TypeBox's types apart). */
export interface EnvironmentSchema {
  properties: object;
  required?: string[];
}

export interface CheckedEnvironment<Env> {
  /** The variables the schema lists that are set (blank ones left out); valid only without problems. */
  env: Env;
  /** One sentence per variable at fault, in the schema's order. */
  problems: string[];
}

/**
 * Picks the variables `schema` lists from `raw` (others are ignored; blank means unset) and checks
 * each as given: "X is required", "X is invalid (...)", or the property's own wording (`missing`,
 * `invalid` with `{value}`). `Env` is the schema's static type.
 */
export function checkEnvironment<Env = Record<string, string>>(
  schema: EnvironmentSchema,
  raw: NodeJS.ProcessEnv,
): CheckedEnvironment<Env>;

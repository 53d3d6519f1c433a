// Checks a service's environment against its TypeBox schema: each problem names the variable, so a
// server that refuses to start says which setting to fix. Used by every service's configuration.
const { Value } = require('@sinclair/typebox/value');

/**
 * Picks the variables `schema` lists from `raw` (others are ignored; blank means unset) and checks
 * each as given: "X is required", "X is invalid (...)", or the property's own wording (`missing`
 * for an unset required variable, `invalid` for a bad value, where `{value}` is the value given).
 */
function checkEnvironment(schema, raw) {
  const env = {};
  const problems = [];
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = raw[name];
    if (value === undefined || value.trim() === '') {
      if (required.has(name)) problems.push(property.missing ?? `${name} is required`);
      continue;
    }
    env[name] = value;
    const error = Value.Errors(property, value).First();
    if (error) {
      problems.push(
        property.invalid?.replace('{value}', value) ?? `${name} is invalid (${error.message})`,
      );
    }
  }
  return { env, problems };
}

module.exports = { checkEnvironment };

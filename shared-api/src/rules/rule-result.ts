/** The outcome of checking input against a rule set: the cleaned value, or the first message to show. */
export type RuleResult<T> = { ok: true; value: T } | { ok: false; message: string };

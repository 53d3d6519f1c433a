// Text PostgreSQL cannot store (NUL) or that is not Unicode (a lone surrogate) is refused at the edge.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

const MAX_DEPTH = 20;

/** True when any string in the value (keys included) is unsafe, or it nests past any real form. */
export function containsUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnsafeText(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => containsUnsafeText(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => isUnsafeText(key) || containsUnsafeText(item, depth + 1),
  );
}

// No imports: the servers read it too (shared-api's contract texts in English).

/**
 * A record whose every field reads its text each time it is read, so a label read while rendering
 * is in the language in use (docs/decisions/0109-languages.md): each source is a message id `read`
 * takes, or a function writing the text; `more` (functions of values, getters) is kept as written.
 * Never spread one: that reads it once.
 */
export function textRecord<Key extends string, Id, More extends object = object>(
  read: (id: Id) => string,
  sources: Readonly<Record<Key, Id | (() => string)>>,
  more?: More,
): Readonly<Record<Key, string>> & More {
  const record = {};
  for (const key of Object.keys(sources) as Key[]) {
    const source = sources[key];
    Object.defineProperty(record, key, {
      enumerable: true,
      get: typeof source === 'function' ? (source as () => string) : () => read(source as Id),
    });
  }
  if (more) Object.defineProperties(record, Object.getOwnPropertyDescriptors(more));
  return record as Readonly<Record<Key, string>> & More;
}

import { t } from '#texts';
import type { ContractTextId } from './english';

/** A text of a record: its id, or how to write it when it has values. */
type TextSource = ContractTextId | (() => string);

/**
 * A record of texts whose properties are read in the language in use each time they are read, so a
 * label shown again after the language changes is in the new language; the servers read English.
 */
export function textRecord<K extends string>(
  sources: Readonly<Record<K, TextSource>>,
): Readonly<Record<K, string>> {
  const record = {} as Record<K, string>;
  for (const key of Object.keys(sources) as K[]) {
    const source = sources[key];
    Object.defineProperty(record, key, {
      enumerable: true,
      get: typeof source === 'function' ? source : () => t(source),
    });
  }
  return record;
}

import { textRecord as recordOf } from '@verity/session/src/language/text-record';
import { t } from '#texts';
import type { ContractTextId } from './english';

/** A text of a record: its id, or how to write it when it has values. */
type TextSource = ContractTextId | (() => string);

/**
 * A record of the contract's texts whose properties are read in the language in use each time they
 * are read; the servers read English.
 */
export function textRecord<K extends string>(
  sources: Readonly<Record<K, TextSource>>,
): Readonly<Record<K, string>> {
  return recordOf(t, sources);
}

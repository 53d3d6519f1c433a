// The contract's texts where no page chooses a language: the API and the other servers read them in
// English, the spec's words, from the catalogue the browser reads. The contract's code reads its
// texts from '#texts' (package.json "imports"): builds for the page (webpack, and the screens' jest
// tests) resolve it, under the 'verity-page' condition, to texts.ts, the page's translator; everything
// else resolves it here, so no server loads the page's session package.
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import english from './locales/en.json';

/** The id of one of the contract's texts. */
export type ContractTextId = keyof typeof english;

// Compiled here, once: Lingui compiles a message on the fly only outside production, and a server
// may read the catalogue as plain JSON (the jest transform hands it over compiled already).
const compiled: Messages = Object.fromEntries(
  Object.entries(english as Record<string, unknown>).map(([id, message]) => [
    id,
    typeof message === 'string' ? compileMessage(message) : (message as Messages[string]),
  ]),
);
const i18n = setupI18n({ locale: 'en', messages: { en: compiled } });

/** A contract text in English, with its values. */
export const t = (id: ContractTextId, values?: Record<string, unknown>): string =>
  i18n._(id, values);

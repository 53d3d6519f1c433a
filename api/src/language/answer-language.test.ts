// A refusal written in English by the code that refuses reaches the caller in their language: every
// message of the contract's and the API's catalogues is recognised with its values, in every
// language; a text no catalogue has goes out as written.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '@verity/shared-api/src/server';
import { inLanguage, recognise } from './answer-language';
import { translate, writtenCatalogue, type TextId } from './translate';

/** A value for each of a message's holes: a count of 3 for plurals and numbers, else a name. */
function sampleValues(message: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const walk = (parts: unknown) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      const [name, kind, options] = part as [string, string?, Record<string, unknown>?];
      if (kind === 'select')
        values[name] = Object.keys(options ?? {}).find((key) => key !== 'other');
      else values[name] = kind === 'plural' || kind === 'number' ? 3 : `«${name}»`;
      Object.values(options ?? {}).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return values;
}

const answerTexts = Object.entries(writtenCatalogue('en')).filter(([id]) =>
  /^(contract|error)\.(?!schema\.)/.test(id),
) as [TextId, string][];

describe("the API's refusals in the caller's language", () => {
  it('recognises every message of the catalogues the refusals come from, with its values', () => {
    const unread = answerTexts.flatMap(([id, message]) => {
      const values = sampleValues(message);
      const english = translate('en', id, values);
      // A message of fewer than eight letters besides its values would read any text: such a
      // message is a label's, never a refusal's.
      const blank = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          typeof value === 'string' ? '' : value,
        ]),
      );
      const letters = translate('en', id, blank).replace(/[^\p{L}]/gu, '').length;
      if (letters < 8 && Object.keys(values).length > 0) return [];
      return LANGUAGES.flatMap((language) => {
        const written = inLanguage(language, english);
        // Two ids may share their English words; either's translation is the message's.
        const same = answerTexts
          .filter(([other, text]) => text === message || other === id)
          .map(([other]) => translate(language, other, values));
        return same.includes(written) ? [] : [`${language} ${id}: ${written}`];
      });
    });
    expect(unread).toEqual([]);
  });

  it.each([
    ['fr', 'Not signed in', 'Non connecté'],
    ['tr', 'You do not have permission to do this.', 'Bunu yapma yetkiniz yok.'],
    [
      'es',
      'You already have 2 downloads under way. Please wait for one to finish, then try again.',
      'Ya tiene 2 descargas en curso. Espere a que termine una y vuelva a intentarlo.',
    ],
    [
      'fr',
      'Gap “No water metering”: Please enter a date between the years 1900 and 9999',
      'Écart «\u00a0No water metering\u00a0»\u00a0: Veuillez saisir une date comprise entre les années 1900 et 9999',
    ],
    [
      'tr',
      // A gap named like a message of few letters keeps the name its user wrote.
      'Gap “Item 7”: Please enter a date between the years 1900 and 9999',
      'Bulgu “Item 7”: Lütfen 1900 ile 9999 yılları arasında bir tarih girin',
    ],
    ['en', 'Not signed in', 'Not signed in'],
    ['fr', 'body/name must be string', 'body/name must be string'],
  ] as const)('in %s, %j reads %j', (language, english, written) => {
    expect(inLanguage(language, english)).toBe(written);
  });

  it('recognises nothing in a text that only shares a few words with a message', () => {
    expect(recognise('Not signed in yet, it seems')).toBeUndefined();
  });
});

/** @jest-environment jsdom */
import english from './test-catalogue/locales/en.json';
import { languageOf, localeOf } from './languages';
import { PSEUDO_LANGUAGE, catalogue, languageInUse, languageReady, switchLanguage } from './texts';

const loads: string[] = [];
const t = catalogue(english, (language) => {
  loads.push(language);
  return import(`./test-catalogue/locales/${language}.json`);
});

afterEach(() => switchLanguage('en'));

describe('the texts of a package', () => {
  it('reads English with its values and plural rules until another language is chosen', () => {
    expect(languageInUse()).toBe('en');
    expect(t('example.greeting', { name: 'Esther' })).toBe('Welcome, Esther');
    expect(t('example.waiting', { count: 1 })).toBe('1 change waiting to be sent');
    expect(t('example.waiting', { count: 3 })).toBe('3 changes waiting to be sent');
  });

  it('loads a language once, when it is chosen, and mirrors the page for Arabic', async () => {
    await switchLanguage('tr');
    expect(t('example.greeting', { name: 'Esther' })).toBe('Hoş geldiniz, Esther');
    expect(document.documentElement.lang).toBe('tr');
    expect(document.documentElement.dir).toBe('ltr');
    await switchLanguage('ar');
    expect(t('example.waiting', { count: 2 })).toBe('تغييران بانتظار الإرسال');
    expect(t('example.waiting', { count: 11 })).toBe('11 تغييرًا بانتظار الإرسال');
    expect(document.documentElement.dir).toBe('rtl');
    // A message the language lacks reads in English rather than as its id.
    expect(t('example.greeting', { name: 'Esther' })).toBe('Welcome, Esther');
    await switchLanguage('tr');
    await languageReady();
    expect(loads).toEqual(['tr', 'ar']);
  });

  it('marks every catalogue text in the pseudo-language of the browser tests', async () => {
    await switchLanguage(PSEUDO_LANGUAGE);
    expect(t('example.greeting', { name: 'Esther' })).toBe('⟦Wélçömé, Éšthér⟧');
    expect(document.documentElement.lang).toBe('en-XA');
  });

  it.each([
    [['pt-BR', 'en'], 'pt'],
    [['de-DE', 'tr-TR'], 'tr'],
    [['ar-EG'], 'ar'],
    [['de', 'ja'], 'en'],
    [[], 'en'],
  ])('takes the first of the browser languages %j it speaks: %s', (preferred, expected) => {
    expect(languageOf(preferred)).toBe(expected);
  });

  it.each<[Parameters<typeof localeOf>[0], string[], string]>([
    ['fr', ['fr-CA', 'en'], 'fr-CA'],
    ['pt', ['en-US'], 'pt-BR'],
    ['es', ['es-MX'], 'es-MX'],
    ['ar', ['ar-EG'], 'ar-EG-u-nu-latn'],
    ['tr', [], 'tr-TR'],
  ])(
    'writes dates and numbers in %s for a browser of %j as %s',
    (language, preferred, expected) => {
      expect(localeOf(language, preferred)).toBe(expected);
    },
  );
});

// The API's translator: each call names its language, so readers of several languages are written
// for side by side; English falls back for nothing and reads as the spec.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@verity/shared-api/src/server';
import english from '../locales/en.json';
import { LOCALES_DIR, languageOr, translate } from './translate';

describe("the API's translator", () => {
  it('reads each language at each call, whichever was read before', () => {
    const values = { days: 3, gap: '2.3 Overtime' };
    expect(translate('tr', 'mail.gap.dueSoon.title', values)).toBe(
      'Son tarihe 3 gün kaldı: 2.3 Overtime',
    );
    expect(translate('en', 'mail.gap.dueSoon.title', values)).toBe('Due in 3 days: 2.3 Overtime');
    expect(translate(null, 'mail.gap.dueSoon.title', { ...values, days: 1 })).toBe(
      'Due in 1 day: 2.3 Overtime',
    );
    expect(translate('fr', 'mail.gap.dueSoon.title', { ...values, days: 1 })).toBe(
      'Échéance dans 1 jour\u00a0: 2.3 Overtime',
    );
  });

  it.each([
    [0, 'مستحقة خلال 0 يوم: G'],
    [1, 'مستحقة خلال يوم واحد: G'],
    [2, 'مستحقة خلال يومين: G'],
    [3, 'مستحقة خلال 3 أيام: G'],
    [11, 'مستحقة خلال 11 يومًا: G'],
    [100, 'مستحقة خلال 100 يوم: G'],
  ])('writes %i days in Arabic with its plural form', (days, expected) => {
    expect(translate('ar', 'mail.gap.dueSoon.title', { days, gap: 'G' })).toBe(expected);
  });

  it.each([
    [2, 'يجب ألا يتجاوز العنوان حرفين.'],
    [5, 'يجب ألا يتجاوز العنوان 5 أحرف.'],
    [80, 'يجب ألا يتجاوز العنوان 80 حرفًا.'],
    [2048, 'يجب ألا يتجاوز العنوان 2,048 حرفًا.'],
    [2000, 'يجب ألا يتجاوز العنوان 2,000 حرف.'],
  ])('counts %i characters in Arabic with its plural form', (max, expected) => {
    expect(translate('ar', 'contract.webhook.urlTooLong', { max })).toBe(expected);
  });

  it("keeps the quotation marks of English's where-clause, and puts values in as they are", () => {
    expect(
      translate('en', 'mail.gap.where', { gap: '<b>', plan: "O'Neil", company: 'A & B' }),
    ).toBe("'<b>' in the action plan 'O'Neil' of A & B");
  });

  it('reads an unknown or unchosen language as English', () => {
    expect([languageOr(null), languageOr('de'), languageOr(undefined), languageOr('ar')]).toEqual([
      'en',
      'en',
      'en',
      'ar',
    ]);
  });

  it.each(LANGUAGES)('has every English message in %s, and no other', (language) => {
    const catalogue = JSON.parse(readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8'));
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
  });
});

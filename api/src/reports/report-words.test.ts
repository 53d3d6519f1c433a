// The report's words in a language, alone or beside English, and the embedded font's letters.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FONT_FILES } from './pdf-layout';
import { reportWords } from './report-words';
import { LOCALES_DIR } from '../language/translate';

interface Font {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
// fontkit is pdfkit's own font reader.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontkit = require(require.resolve('fontkit', { paths: [require.resolve('pdfkit')] })) as {
  openSync(file: string): Font;
};

describe('reportWords', () => {
  it('writes a word in the language, beside its English when bilingual', () => {
    expect(reportWords('fr')('report.summary.heading')).toBe('Synthèse par section');
    expect(reportWords('fr', true)('report.summary.heading')).toBe(
      'Synthèse par section / Summary by section',
    );
    expect(reportWords('fr', true).lines('report.esap.status')).toBe('Statut\nStatus');
  });

  it('reads a message inside another in the same language', () => {
    const words = reportWords('es', true);
    expect(
      words('report.status.daysOverdue', { status: { id: 'contract.status.overdue' }, days: 2 }),
    ).toBe('Vencido: 2 días / Overdue: 2 days');
  });

  it('writes a word once when both languages spell it alike, and English alone in English', () => {
    expect(reportWords('fr', true)('report.signOff.signature')).toBe('Signature');
    expect(reportWords('fr', true)('report.changes.plan')).toBe('Plan\u00a0:');
    expect(reportWords('en', true)('report.summary.heading')).toBe('Summary by section');
    expect(reportWords('en', true).bilingual).toBe(false);
  });

  it('writes Arabic words in an Arabic report, beside their English when bilingual', () => {
    const words = reportWords('ar', true);
    expect(words.language).toBe('ar');
    expect(words('report.summary.heading')).toBe('ملخص حسب القسم / Summary by section');
    expect(reportWords('ar')('report.summary.heading')).toBe('ملخص حسب القسم');
  });

  it.each(['fr', 'es', 'pt', 'tr', 'ar'])(
    'has every letter of the %s report words in the embedded font',
    (language) => {
      const messages = JSON.parse(
        readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8'),
      ) as Record<string, string>;
      const letters = new Set(
        Object.entries(messages)
          .filter(([id]) => id.startsWith('report.'))
          .flatMap(([, message]) => [...message]),
      );
      for (const file of Object.values(FONT_FILES)) {
        const font = fontkit.openSync(file);
        const missing = [...letters].filter(
          (letter) => !font.hasGlyphForCodePoint(letter.codePointAt(0)!),
        );
        expect(missing).toEqual([]);
      }
      if (language === 'tr')
        for (const letter of 'ğşİıÇÖçöü') expect(letters.has(letter)).toBe(true);
    },
  );
});

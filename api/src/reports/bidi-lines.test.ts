// A line mixing right-to-left script with digits and Latin words, cut into runs seen from left to right.
import { directionOf, visualRuns, type Run } from './bidi-lines';

const rtl = (text: string): Run => ({ text, direction: 'rtl' });
const ltr = (text: string): Run => ({ text, direction: 'ltr' });

describe('visualRuns', () => {
  it.each<[string, string, 'ltr' | 'rtl', Run[]]>([
    ['pure Arabic', 'تقرير المراقبة', 'rtl', [rtl('تقرير المراقبة')]],
    [
      'Arabic with a year, the digits kept in their order',
      'تقرير المراقبة 2026',
      'rtl',
      [ltr('2026'), rtl('تقرير المراقبة ')],
    ],
    [
      'Arabic with a Latin word inside',
      'خطة ESAP للشركة',
      'rtl',
      [rtl(' للشركة'), ltr('ESAP'), rtl('خطة ')],
    ],
    [
      'Latin with Arabic words inside',
      'Plan خطة العمل approved',
      'ltr',
      [ltr('Plan '), rtl('خطة العمل'), ltr(' approved')],
    ],
    [
      'Latin with Arabic words and a year after them, read as part of the Arabic',
      'Plan خطة العمل 2026 approved',
      'ltr',
      [ltr('Plan '), ltr('2026'), rtl('خطة العمل '), ltr(' approved')],
    ],
    ['Hebrew', 'דוח ניטור', 'rtl', [rtl('דוח ניטור')]],
    [
      'Hebrew with brackets, mirrored, and a figure',
      'פערים (3)',
      'rtl',
      [rtl('('), ltr('3'), rtl('פערים )')],
    ],
    ['Latin alone in a right-to-left paragraph', 'Acme Ltd', 'rtl', [ltr('Acme Ltd')]],
  ])('%s', (_name, line, direction, runs) => {
    expect(visualRuns(line, direction)).toEqual(runs);
  });
});

describe('directionOf', () => {
  it('is the direction of the first letter of a strong direction', () => {
    expect(directionOf('2026 تقرير')).toBe('rtl');
    expect(directionOf('Report تقرير')).toBe('ltr');
    expect(directionOf('שלום world')).toBe('rtl');
    expect(directionOf('2026')).toBe('ltr');
  });
});

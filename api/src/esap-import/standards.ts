// The standards an ESAP's text names (EBRD PR, IFC PS, the Equator Principles, national law), as
// Verity's requirement references; and the section rows ('PR1 Assessment and Management of E&S Risks').
import { REQUIREMENT_REFERENCES } from '@verity/shared-api/src/server';

const PATTERNS: readonly { pattern: RegExp; reference: (n: number) => string; max: number }[] = [
  { pattern: /\b(?:EBRD\s*)?PR\s*-?\s*(\d{1,2})\b/gi, reference: (n) => `EBRD PR${n}`, max: 10 },
  {
    pattern: /\bPerformance\s+Requirements?\s*(\d{1,2})\b/gi,
    reference: (n) => `EBRD PR${n}`,
    max: 10,
  },
  { pattern: /\b(?:IFC\s*)?PS\s*-?\s*(\d{1,2})\b/gi, reference: (n) => `IFC PS${n}`, max: 8 },
  {
    pattern: /\bPerformance\s+Standards?\s*(\d{1,2})\b/gi,
    reference: (n) => `IFC PS${n}`,
    max: 8,
  },
  { pattern: /\bEP\s*-?\s*(\d{1,2})\b/gi, reference: (n) => `EP${n}`, max: 10 },
  { pattern: /\bEquator\s+Principles?\s*(\d{1,2})\b/gi, reference: (n) => `EP${n}`, max: 10 },
];

const NATIONAL_LAW = /\b(?:national|local|legislat\w*|law|laws|regulations?|decree|code)\b/i;
const OTHER = /\b(?:best practice|GIIP|good international|ILO|WHO|EHS guidelines?|ISO\s*\d+)\b/i;

const order = (reference: string) => REQUIREMENT_REFERENCES.indexOf(reference);

/** The references a text names, in the list's order, once each. */
export function referencesIn(text: string): string[] {
  const found = new Set<string>();
  for (const { pattern, reference, max } of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const number = Number(match[1]);
      if (number >= 1 && number <= max) found.add(reference(number));
    }
  }
  if (NATIONAL_LAW.test(text)) found.add('National law');
  if (OTHER.test(text)) found.add('Other');
  return [...found].sort((a, b) => order(a) - order(b));
}

/** A section heading's standard: the text starts by naming one ('PR1 …', 'PS 3 …', 'EP4: …'). */
const SECTION_START =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:EBRD\s*)?PR|(?:IFC\s*)?PS|EP|Performance\s+(?:Requirement|Standard)s?|Equator\s+Principles?)\s*-?\s*\d{1,2}\b/i;

/** The reference a section heading names, or null when it names none. */
export function sectionReference(text: string): string | null {
  const start = SECTION_START.exec(text.trim());
  if (!start) return null;
  return referencesIn(start[0])[0] ?? null;
}

export type SdgNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17;
export type SdgCode = `SDG${SdgNumber}`;

export interface Sdg {
  code: SdgCode;
  number: SdgNumber;
  title: string;
  /** The goal's public page at the United Nations. */
  url: string;
}

const SDG_TITLES: readonly string[] = [
  'No Poverty',
  'Zero Hunger',
  'Good Health and Well-being',
  'Quality Education',
  'Gender Equality',
  'Clean Water and Sanitation',
  'Affordable and Clean Energy',
  'Decent Work and Economic Growth',
  'Industry, Innovation and Infrastructure',
  'Reduced Inequalities',
  'Sustainable Cities and Communities',
  'Responsible Consumption and Production',
  'Climate Action',
  'Life Below Water',
  'Life on Land',
  'Peace, Justice and Strong Institutions',
  'Partnerships for the Goals',
];

export const SDGS: readonly Sdg[] = SDG_TITLES.map((title, index) => {
  const number = (index + 1) as SdgNumber;
  return { code: `SDG${number}`, number, title, url: `https://sdgs.un.org/goals/goal${number}` };
});

export const SDG_CODES: readonly SdgCode[] = SDGS.map((sdg) => sdg.code);

export function isSdgCode(value: unknown): value is SdgCode {
  return typeof value === 'string' && (SDG_CODES as readonly string[]).includes(value);
}

export function findSdg(code: string): Sdg | undefined {
  return SDGS.find((sdg) => sdg.code === code);
}

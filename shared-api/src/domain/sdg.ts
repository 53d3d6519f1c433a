import { t } from '#texts';

export type SdgNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17;
export type SdgCode = `SDG${SdgNumber}`;

export interface Sdg {
  code: SdgCode;
  number: SdgNumber;
  title: string;
  /** The goal's public page at the United Nations. */
  url: string;
}

/** Each goal's title, by number (ids named whole, so the builds carry their English). */
const SDG_TITLE_IDS = [
  'contract.sdg.goal1',
  'contract.sdg.goal2',
  'contract.sdg.goal3',
  'contract.sdg.goal4',
  'contract.sdg.goal5',
  'contract.sdg.goal6',
  'contract.sdg.goal7',
  'contract.sdg.goal8',
  'contract.sdg.goal9',
  'contract.sdg.goal10',
  'contract.sdg.goal11',
  'contract.sdg.goal12',
  'contract.sdg.goal13',
  'contract.sdg.goal14',
  'contract.sdg.goal15',
  'contract.sdg.goal16',
  'contract.sdg.goal17',
] as const;

/** Each goal's title is its United Nations title, read in the language in use whenever it is read. */
export const SDGS: readonly Sdg[] = SDG_TITLE_IDS.map((id, index) => {
  const number = (index + 1) as SdgNumber;
  return {
    code: `SDG${number}` as const,
    number,
    get title() {
      return t(id);
    },
    url: `https://sdgs.un.org/goals/goal${number}`,
  };
});

export const SDG_CODES: readonly SdgCode[] = SDGS.map((sdg) => sdg.code);

export function isSdgCode(value: unknown): value is SdgCode {
  return typeof value === 'string' && (SDG_CODES as readonly string[]).includes(value);
}

export function findSdg(code: string): Sdg | undefined {
  return SDGS.find((sdg) => sdg.code === code);
}

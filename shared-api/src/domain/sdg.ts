import { t } from '#texts';
import type { ContractTextId } from '../english';

export type SdgNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17;
export type SdgCode = `SDG${SdgNumber}`;

export interface Sdg {
  code: SdgCode;
  number: SdgNumber;
  title: string;
  /** The goal's public page at the United Nations. */
  url: string;
}

const SDG_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17] as const;

/** Each goal's title is its United Nations title, read in the language in use whenever it is read. */
export const SDGS: readonly Sdg[] = SDG_NUMBERS.map((number) => ({
  code: `SDG${number}` as const,
  number,
  get title() {
    return t(`contract.sdg.goal${number}` as ContractTextId);
  },
  url: `https://sdgs.un.org/goals/goal${number}`,
}));

export const SDG_CODES: readonly SdgCode[] = SDGS.map((sdg) => sdg.code);

export function isSdgCode(value: unknown): value is SdgCode {
  return typeof value === 'string' && (SDG_CODES as readonly string[]).includes(value);
}

export function findSdg(code: string): Sdg | undefined {
  return SDGS.find((sdg) => sdg.code === code);
}

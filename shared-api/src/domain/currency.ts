import { textRecord } from '../text-records';

export const CURRENCY_CODES = ['USD', 'INR'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const CURRENCIES: readonly { value: CurrencyCode; name: string }[] = [
  { value: 'USD', name: 'US Dollar' },
  { value: 'INR', name: 'Indian Rupee' },
];
/** Each currency's name in the language in use, for the screens. */
export const CURRENCY_NAMES: Readonly<Record<CurrencyCode, string>> = textRecord({
  USD: 'contract.currency.usd',
  INR: 'contract.currency.inr',
});

export const AMOUNT_MIN = 0;
export const AMOUNT_STEP = 0.01;
/** Below a trillion: every cent stays exact in a JavaScript number and fits the database's numeric(18, 2). */
export const AMOUNT_MAX = 999_999_999_999.99;

/** A non-numeric amount becomes 0 (the gap rules' amount rule). */
export function toAmountValue(input: unknown): number {
  const value = typeof input === 'number' ? input : Number.parseFloat(String(input));
  return Number.isFinite(value) ? value : 0;
}

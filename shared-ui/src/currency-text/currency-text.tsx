import type { Amount } from '@verity/shared-api';

const MISSING_AMOUNT_TEXT = '-';

const NUMBER = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 'USD 1,250.50'; '-' without an amount. */
export function formatAmount(amount: Partial<Amount> | null | undefined): string {
  if (!amount || typeof amount.value !== 'number' || !Number.isFinite(amount.value)) {
    return MISSING_AMOUNT_TEXT;
  }
  const value = NUMBER.format(amount.value);
  return amount.currency ? `${amount.currency} ${value}` : value;
}

export interface CurrencyTextProps {
  amount: Partial<Amount> | null | undefined;
}

export function CurrencyText({ amount }: CurrencyTextProps) {
  return <span className="vui-currency">{formatAmount(amount)}</span>;
}

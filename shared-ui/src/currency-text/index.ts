export { CurrencyText, formatAmount } from './currency-text';
export type { CurrencyTextProps } from './currency-text';

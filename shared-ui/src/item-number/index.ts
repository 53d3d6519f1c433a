export { ItemNumber } from './item-number';
export type { ItemNumberProps } from './item-number';

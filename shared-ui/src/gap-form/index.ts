export { GapForm } from './gap-form';
export type { GapFormProps } from './gap-form';
export { AddGapForm } from './add-gap-form';
export type { AddGapFormProps } from './add-gap-form';
export { EditGapForm } from './edit-gap-form';
export type { EditGapFormProps } from './edit-gap-form';
export { GAP_FORM_TEXT } from './gap-form-text';
export { initialGapFormValues, restoreGapFormValues, toGapInput } from './gap-form-values';
export type { GapFormValues } from './gap-form-values';

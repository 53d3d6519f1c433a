export {
  TextField,
  SelectField,
  TextAreaField,
  DateField,
  DATE_INPUT_FORMAT,
  toDateInputValue,
  labelledOptions,
} from './form-field';
export type {
  TextFieldProps,
  SelectFieldProps,
  SelectOption,
  TextAreaFieldProps,
  DateFieldProps,
} from './form-field';
export { FieldShell } from './field-shell';
export type { FieldBaseProps, FieldControlProps } from './field-shell';

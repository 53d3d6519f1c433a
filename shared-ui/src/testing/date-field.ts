/**
 * The device calendar behind a date field (shared-ui's DateField): its value is the field's day as
 * 'YYYY-MM-DD' and its min the earliest day offered, whatever the user's date style writes.
 */
export function calendarOf(field: HTMLElement): HTMLInputElement {
  const calendar = field.closest('.vui-date-field')?.querySelector('input[type="date"]');
  if (!(calendar instanceof HTMLInputElement)) throw new Error('not a date field');
  return calendar;
}

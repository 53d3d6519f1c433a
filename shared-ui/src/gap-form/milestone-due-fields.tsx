import { useId, type ChangeEvent } from 'react';
import { useLanguage } from '@verity/session';
import { STANDARD_MILESTONES, milestoneName } from '@verity/shared-api';
import { TextField } from '../form-field';
import { GAP_FORM_TEXT } from './gap-form-text';
import type { GapFormValues } from './gap-form-values';

type MilestoneDueValues = Pick<
  GapFormValues,
  'dueRelative' | 'dueMilestone' | 'dueOffsetMonths' | 'dueOffsetDays'
>;

export interface MilestoneDueFieldsProps {
  values: MilestoneDueValues;
  errorOf: (name: string) => string | undefined;
  onChange: (name: keyof MilestoneDueValues, value: unknown) => void;
  id: (name: string) => string;
}

/**
 * "Due relative to a milestone" (docs/decisions/0084-financing-milestones.md): ticked, the due date
 * gives way to a milestone and the months and days after it; the date is set when the client
 * records the milestone's date.
 */
export function MilestoneDueToggle({ values, onChange, id }: MilestoneDueFieldsProps) {
  useLanguage();
  return (
    <div className="vui-gap-form__sdg vui-gap-form__due-relative">
      <input
        id={id('dueRelative')}
        type="checkbox"
        checked={values.dueRelative}
        onChange={(event) => onChange('dueRelative', event.target.checked)}
      />
      <label htmlFor={id('dueRelative')}>{GAP_FORM_TEXT.dueRelative}</label>
    </div>
  );
}

/** The milestone and the months and days after it, shown while the toggle is ticked. */
export function MilestoneDueFields({ values, errorOf, onChange, id }: MilestoneDueFieldsProps) {
  useLanguage();
  const listId = useId();
  const onText = (name: keyof MilestoneDueValues) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange(name, event.target.value);
  return (
    <>
      <TextField
        id={id('dueMilestone')}
        label={GAP_FORM_TEXT.dueMilestone}
        hint={GAP_FORM_TEXT.dueMilestoneHint}
        required
        list={listId}
        value={values.dueMilestone}
        onChange={onText('dueMilestone')}
        error={errorOf('dueMilestone')}
        autoComplete="off"
      />
      <datalist id={listId}>
        {STANDARD_MILESTONES.map((name) => (
          <option key={name} value={milestoneName(name)} />
        ))}
      </datalist>
      <TextField
        id={id('dueOffsetMonths')}
        label={GAP_FORM_TEXT.dueOffsetMonths}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={values.dueOffsetMonths}
        onChange={onText('dueOffsetMonths')}
        error={errorOf('dueOffsetMonths')}
      />
      <TextField
        id={id('dueOffsetDays')}
        label={GAP_FORM_TEXT.dueOffsetDays}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={values.dueOffsetDays}
        onChange={onText('dueOffsetDays')}
        error={errorOf('dueOffsetDays')}
      />
    </>
  );
}

import { useId, useState, type ChangeEvent } from 'react';
import { useLanguage } from '@verity/session';
import {
  CONDITION_TYPE_LABELS,
  CONDITION_TYPES,
  conditionNamesClause,
  ESAP_FIELD_TEXT,
  ESAP_FIELDS,
  REQUIREMENT_REFERENCES,
} from '@verity/shared-api';
import { SelectField, TextAreaField, TextField } from '../form-field';
import { GAP_FORM_TEXT } from './gap-form-text';
import type { GapFormValues } from './gap-form-values';

type EsapFormValues = Pick<GapFormValues, (typeof ESAP_FIELDS)[number]>;

export interface EsapFieldsGroupProps {
  values: EsapFormValues;
  /** Each lender field's error, by field name. */
  errorOf: (name: string) => string | undefined;
  onChange: (name: keyof EsapFormValues, value: unknown) => void;
  /** Makes each field's id. */
  id: (name: string) => string;
  /** Shown open from the start (an edited gap that has lender values). */
  defaultOpen?: boolean;
}

const conditionOptions = () =>
  CONDITION_TYPES.map((type) => ({ value: type, label: CONDITION_TYPE_LABELS[type] }));

/** The references in the families a lender's ESAP cites them by, each family's name read when shown. */
const REFERENCE_FAMILIES: readonly { name: () => string; references: readonly string[] }[] = [
  { name: () => GAP_FORM_TEXT.ifcStandards, prefix: 'IFC PS' },
  { name: () => GAP_FORM_TEXT.ebrdRequirements, prefix: 'EBRD PR' },
  { name: () => GAP_FORM_TEXT.equatorPrinciples, prefix: 'EP' },
].map(({ name, prefix }) => ({
  name,
  references: REQUIREMENT_REFERENCES.filter((reference) =>
    new RegExp(`^${prefix}\\d+$`).test(reference),
  ),
}));
const OTHER_REFERENCES = REQUIREMENT_REFERENCES.filter(
  (reference) => !REFERENCE_FAMILIES.some((family) => family.references.includes(reference)),
);
const ALL_FAMILIES = [
  ...REFERENCE_FAMILIES,
  { name: () => GAP_FORM_TEXT.otherReferences, references: OTHER_REFERENCES },
];

/** How many lender fields hold a value. */
export function esapFieldsSet(values: EsapFormValues): number {
  return [
    values.esapItemNumber.trim(),
    values.requirementReferences.length > 0,
    values.completionIndicator.trim(),
    values.resources.trim(),
    values.esapSection.trim(),
    values.timetable.trim(),
    values.conditionType,
    values.loanClause.trim(),
  ].filter(Boolean).length;
}

/**
 * The gap form's optional 'Lender fields (ESAP)' group: a disclosure button opens it; it opens by
 * itself when one of its fields is in error, so the focus can move to that field.
 */
export function EsapFieldsGroup({
  values,
  errorOf,
  onChange,
  id,
  defaultOpen,
}: EsapFieldsGroupProps) {
  useLanguage();
  const [open, setOpen] = useState(Boolean(defaultOpen));
  const regionId = useId();
  const referencesError = errorOf('requirementReferences');
  const inError = ESAP_FIELDS.some((field) => errorOf(field) !== undefined);
  const shown = open || inError;
  const set = esapFieldsSet(values);

  const onText =
    (name: keyof EsapFormValues) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange(name, event.target.value);

  function toggleReference(reference: string, checked: boolean) {
    const next = checked
      ? [...values.requirementReferences, reference]
      : values.requirementReferences.filter((item) => item !== reference);
    // Kept in the list's order whatever order they were ticked in.
    onChange(
      'requirementReferences',
      REQUIREMENT_REFERENCES.filter((item) => next.includes(item)),
    );
  }

  return (
    <section className="vui-gap-form__esap" aria-labelledby={`${regionId}-toggle`}>
      <button
        id={`${regionId}-toggle`}
        type="button"
        className="vui-gap-form__esap-toggle"
        aria-expanded={shown}
        aria-controls={regionId}
        onClick={() => setOpen(!shown)}
      >
        <span className="vui-gap-form__esap-chevron" aria-hidden="true">
          {shown ? '▾' : '▸'}
        </span>
        <span>{GAP_FORM_TEXT.lenderFields}</span>
        {set > 0 ? (
          <span className="vui-gap-form__esap-count">{GAP_FORM_TEXT.lenderFieldsSet(set)}</span>
        ) : null}
      </button>
      {shown ? (
        <div id={regionId} className="vui-gap-form__esap-body">
          <p className="vui-gap-form__esap-hint">{GAP_FORM_TEXT.lenderFieldsHint}</p>
          <div className="vui-gap-form__grid">
            <TextField
              id={id('esapItemNumber')}
              label={ESAP_FIELD_TEXT.esapItemNumber}
              value={values.esapItemNumber}
              onChange={onText('esapItemNumber')}
              error={errorOf('esapItemNumber')}
              autoComplete="off"
            />
            <TextField
              id={id('esapSection')}
              label={ESAP_FIELD_TEXT.esapSection}
              value={values.esapSection}
              onChange={onText('esapSection')}
              error={errorOf('esapSection')}
            />
            <TextField
              id={id('timetable')}
              label={ESAP_FIELD_TEXT.timetable}
              hint={GAP_FORM_TEXT.timetableHint}
              value={values.timetable}
              onChange={onText('timetable')}
              error={errorOf('timetable')}
            />
            <SelectField
              id={id('conditionType')}
              label={ESAP_FIELD_TEXT.conditionType}
              placeholder={GAP_FORM_TEXT.conditionTypePlaceholder}
              options={conditionOptions()}
              value={values.conditionType}
              onChange={onText('conditionType')}
              error={errorOf('conditionType')}
            />
            {conditionNamesClause(values.conditionType) || values.loanClause ? (
              <TextField
                id={id('loanClause')}
                label={ESAP_FIELD_TEXT.loanClause}
                hint={GAP_FORM_TEXT.loanClauseHint}
                value={values.loanClause}
                onChange={onText('loanClause')}
                error={errorOf('loanClause')}
                autoComplete="off"
              />
            ) : null}
            <TextAreaField
              id={id('completionIndicator')}
              label={ESAP_FIELD_TEXT.completionIndicator}
              value={values.completionIndicator}
              onChange={onText('completionIndicator')}
              error={errorOf('completionIndicator')}
            />
            <TextAreaField
              id={id('resources')}
              label={ESAP_FIELD_TEXT.resources}
              value={values.resources}
              onChange={onText('resources')}
              error={errorOf('resources')}
            />
          </div>
          <fieldset
            className="vui-gap-form__references"
            aria-describedby={referencesError ? `${regionId}-references-error` : undefined}
          >
            <legend className="vui-field__label">{ESAP_FIELD_TEXT.requirementReferences}</legend>
            {ALL_FAMILIES.map((family, familyIndex) => (
              <div key={familyIndex} className="vui-gap-form__reference-family">
                <p
                  className="vui-gap-form__reference-family-name"
                  id={`${regionId}-family-${familyIndex}`}
                >
                  {family.name()}
                </p>
                <div
                  className="vui-gap-form__reference-grid"
                  role="group"
                  aria-labelledby={`${regionId}-family-${familyIndex}`}
                >
                  {family.references.map((reference) => {
                    const inputId = `${regionId}-${reference.replace(/\s+/g, '-')}`;
                    return (
                      <div key={reference} className="vui-gap-form__sdg">
                        <input
                          id={inputId}
                          type="checkbox"
                          checked={values.requirementReferences.includes(reference)}
                          aria-invalid={referencesError ? true : undefined}
                          onChange={(event) => toggleReference(reference, event.target.checked)}
                        />
                        <label htmlFor={inputId}>{reference}</label>
                      </div>
                    );
                  })}
                </div>
              </div>
            ))}
            {referencesError ? (
              <p id={`${regionId}-references-error`} className="vui-field__error">
                {referencesError}
              </p>
            ) : null}
          </fieldset>
        </div>
      ) : null}
    </section>
  );
}

import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
} from 'react';
import { useLanguage } from '@verity/session';
import { Formik, getIn, yupToFormErrors, type FormikErrors, type FormikProps } from 'formik';
import {
  AMOUNT_MAX,
  AMOUNT_MIN,
  AMOUNT_STEP,
  CURRENCIES,
  CURRENCY_NAMES,
  ESG_ASPECTS,
  ESG_ASPECT_LABELS,
  RISK_SEVERITIES,
  RISK_SEVERITY_LABELS,
  changeReasonSchema,
  gapFieldsOf,
  gapSchema,
  minSelectableDate,
  movesLater,
  toAmountValue,
  type AuditAddOnField,
  type AuditForm,
  type CustomField,
  type Gap,
  type GapInput,
} from '@verity/shared-api';
import { Button } from '../button';
import { DateField, SelectField, TextAreaField, TextField } from '../form-field';
import { useFocusFirstError } from '../unsaved-changes';
import { CustomFieldInputs } from './custom-field-inputs';
import { EsapFieldsGroup, esapFieldsSet } from './esap-fields-group';
import { GAP_FORM_TEXT } from './gap-form-text';
import { MilestoneDueFields, MilestoneDueToggle } from './milestone-due-fields';
import {
  checkedDueValues,
  initialGapFormValues,
  renderedFields,
  toGapInput,
  type GapFormValues,
} from './gap-form-values';
import { SdgCheckboxGroup } from './sdg-checkbox-group';
import './gap-form.css';

export interface GapFormProps {
  formType: AuditForm;
  /** The action plan's timeline: a later due date is refused. */
  planTimeline?: string | null;
  /** Editing: the gap whose values fill the form. */
  initialGap?: Gap;
  /** The audit's custom field definitions, saved under the gap's `fields`. */
  customFields?: readonly CustomField[];
  /** The audit's add-on field definitions, saved under the gap's `addOns`. */
  addOnFields?: readonly AuditAddOnField[];
  submitLabel?: string;
  /** Shows a Cancel button. */
  onCancel?: () => void;
  /**
   * Receives the checked gap (and, for an edit that moves the due date later, the reason given); a
   * rejection keeps the typed values (the embedding reports it).
   */
  onSubmit: (gap: GapInput, extras?: { reason: string }) => Promise<void> | void;
  /** Values typed earlier and kept as a draft: they fill the form once, on top of the blank ones. */
  restoredValues?: GapFormValues;
  /** Told of every change, with whether the values differ from the ones the form started with. */
  onValuesChange?: (values: GapFormValues, dirty: boolean) => void;
}

const riskOptions = () =>
  RISK_SEVERITIES.map((risk) => ({ value: risk, label: RISK_SEVERITY_LABELS[risk] }));
const esgOptions = () =>
  ESG_ASPECTS.map((aspect) => ({ value: aspect, label: ESG_ASPECT_LABELS[aspect] }));
// Read when shown: the currencies' names are the contract's, in the language in use.
const currencyOptions = () =>
  CURRENCIES.map((currency) => ({ value: currency.value, label: CURRENCY_NAMES[currency.value] }));

/** The gap form of every form type, embedded by the create, add and edit screens. */
export function GapForm(props: GapFormProps) {
  // A new form type (or another gap) starts a fresh form, its errors included.
  return <GapFormForType key={`${props.formType}-${props.initialGap?.id ?? 'new'}`} {...props} />;
}

function GapFormForType({
  formType,
  planTimeline,
  initialGap,
  customFields,
  addOnFields,
  submitLabel = GAP_FORM_TEXT.addGap,
  onCancel,
  onSubmit,
  restoredValues,
  onValuesChange,
}: GapFormProps) {
  useLanguage();
  const initialValues = useMemo(
    () => initialGapFormValues(initialGap, customFields, addOnFields),
    [initialGap, customFields, addOnFields],
  );

  /** An edit that moves the due date later asks why (the same rule as the API's). */
  const asksReason = (values: GapFormValues) =>
    Boolean(initialGap) && !values.dueRelative && movesLater(initialValues.dueDate, values.dueDate);

  async function validate(values: GapFormValues): Promise<FormikErrors<GapFormValues>> {
    const schema = gapSchema({
      formType,
      planTimeline,
      // An edit that keeps the stored due date may keep one that has passed.
      checkDueDateInFuture: !initialGap || values.dueDate !== initialValues.dueDate,
    });
    // A non-numeric amount, blank included, counts as 0.
    const checked = {
      ...values,
      ...checkedDueValues(values),
      amount: { ...values.amount, value: toAmountValue(values.amount.value) },
    };
    let errors: FormikErrors<GapFormValues> = {};
    try {
      // Not Formik's validateYupSchema: it turns '' into undefined, which a blank custom field's value must not be.
      await schema.validate(checked, { abortEarly: false });
    } catch (error) {
      errors = yupToFormErrors<GapFormValues>(error);
    }
    if (asksReason(values)) {
      try {
        await changeReasonSchema('dueDate').validate(values.reason);
      } catch (error) {
        errors = { ...errors, reason: (error as Error).message };
      }
    }
    return errors;
  }

  return (
    <Formik<GapFormValues>
      initialValues={initialValues}
      validate={validate}
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        try {
          const gap = toGapInput(values, formType);
          await (asksReason(values)
            ? onSubmit(gap, { reason: values.reason.trim() })
            : onSubmit(gap));
        } catch {
          // The embedding has told the user; the typed values stay for another try.
          return;
        }
        if (!initialGap) helpers.resetForm();
      }}
    >
      {(formik) => (
        <GapFormFields
          formik={formik}
          formType={formType}
          customFields={renderedFields(customFields)}
          addOnFields={renderedFields(addOnFields)}
          submitLabel={submitLabel}
          onCancel={onCancel}
          restoredValues={restoredValues}
          onValuesChange={onValuesChange}
          asksReason={asksReason(formik.values)}
        />
      )}
    </Formik>
  );
}

interface GapFormFieldsProps {
  formik: FormikProps<GapFormValues>;
  formType: AuditForm;
  customFields: readonly CustomField[];
  addOnFields: readonly AuditAddOnField[];
  submitLabel: string;
  onCancel?: () => void;
  restoredValues?: GapFormValues;
  onValuesChange?: (values: GapFormValues, dirty: boolean) => void;
  /** The due date moves later than the stored one: 'Reason for the later due date' shows. */
  asksReason: boolean;
}

function GapFormFields({
  formik,
  formType,
  customFields,
  addOnFields,
  submitLabel,
  onCancel,
  restoredValues,
  onValuesChange,
  asksReason,
}: GapFormFieldsProps) {
  useLanguage();
  const { values, errors, isSubmitting, submitCount, dirty, setFieldValue, setFieldError } = formik;
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const fieldsOf = gapFieldsOf(formType);
  const dueDateMin = useMemo(() => minSelectableDate(), []);

  useFocusFirstError(formRef, submitCount, isSubmitting);

  // A draft fills the form once, when it first shows; later drafts come from this form itself.
  const { setValues } = formik;
  const [draft] = useState(restoredValues);
  useEffect(() => {
    if (draft) void setValues(draft, false);
  }, [draft, setValues]);

  // Told as the change is drawn (a layout effect), not after the frame: a page that keeps a draft of
  // these values then keeps it in the same task as the input, so a reload right after a click
  // (a box ticked, then F5) finds it.
  useLayoutEffect(() => {
    onValuesChange?.(values, dirty);
  }, [values, dirty, onValuesChange]);

  /** Sets a value and clears that field's error. */
  function change(name: string, value: unknown) {
    void setFieldValue(name, value, false);
    setFieldError(name, undefined);
  }

  const onText =
    (name: string) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      change(name, event.target.value);

  const errorOf = (name: string): string | undefined => {
    const error: unknown = getIn(errors, name);
    return typeof error === 'string' ? error : undefined;
  };

  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <form ref={formRef} className="vui-gap-form" noValidate onSubmit={formik.handleSubmit}>
      <div className="vui-gap-form__grid">
        <TextField
          id={id('KPI')}
          label={GAP_FORM_TEXT.kpi}
          required
          value={values.KPI}
          onChange={onText('KPI')}
          error={errorOf('KPI')}
        />
        <TextField
          id={id('gapName')}
          label={GAP_FORM_TEXT.gapName}
          required
          value={values.gapName}
          onChange={onText('gapName')}
          error={errorOf('gapName')}
        />
        <TextAreaField
          id={id('recommendation')}
          label={GAP_FORM_TEXT.recommendation}
          required
          value={values.recommendation}
          onChange={onText('recommendation')}
          error={errorOf('recommendation')}
        />
        <TextField
          id={id('responsibility')}
          label={GAP_FORM_TEXT.responsibility}
          required
          value={values.responsibility}
          onChange={onText('responsibility')}
          error={errorOf('responsibility')}
        />
        {/* Marked required but not checked on submit. */}
        <TextAreaField
          id={id('actionTakenByCompany')}
          label={GAP_FORM_TEXT.actionTakenByCompany}
          required
          value={values.actionTakenByCompany}
          onChange={onText('actionTakenByCompany')}
        />
        <TextAreaField
          id={id('residualRisk')}
          label={GAP_FORM_TEXT.residualRisk}
          required
          value={values.residualRisk}
          onChange={onText('residualRisk')}
        />
        <SelectField
          id={id('riskSeverity')}
          label={GAP_FORM_TEXT.riskSeverity}
          required
          options={riskOptions()}
          value={values.riskSeverity}
          onChange={onText('riskSeverity')}
          error={errorOf('riskSeverity')}
        />
        {fieldsOf.dueDate && !values.dueRelative ? (
          <DateField
            id={id('dueDate')}
            label={GAP_FORM_TEXT.dueDate}
            required
            min={dueDateMin}
            value={values.dueDate}
            onChange={onText('dueDate')}
            error={errorOf('dueDate')}
          />
        ) : null}
        {fieldsOf.dueDate ? (
          <MilestoneDueToggle values={values} errorOf={errorOf} onChange={change} id={id} />
        ) : null}
        {fieldsOf.dueDate && values.dueRelative ? (
          <MilestoneDueFields values={values} errorOf={errorOf} onChange={change} id={id} />
        ) : null}
        {asksReason ? (
          <TextAreaField
            id={id('reason')}
            label={GAP_FORM_TEXT.laterDueDateReason}
            hint={GAP_FORM_TEXT.laterDueDateReasonHint}
            required
            value={values.reason}
            onChange={onText('reason')}
            error={errorOf('reason')}
          />
        ) : null}
        {fieldsOf.timeline ? (
          <DateField
            id={id('timeline')}
            label={GAP_FORM_TEXT.timeline}
            value={values.timeline}
            onChange={onText('timeline')}
            error={errorOf('timeline')}
          />
        ) : null}
        {fieldsOf.ESGAspect ? (
          <SelectField
            id={id('ESGAspect')}
            label={GAP_FORM_TEXT.esgAspect}
            required
            placeholder={GAP_FORM_TEXT.esgAspectPlaceholder}
            options={esgOptions()}
            value={values.ESGAspect}
            onChange={onText('ESGAspect')}
            error={errorOf('ESGAspect')}
          />
        ) : null}
        {fieldsOf.areaCode ? (
          <TextField
            id={id('areaCode')}
            label={GAP_FORM_TEXT.areaCode}
            required
            value={values.areaCode}
            onChange={onText('areaCode')}
            error={errorOf('areaCode')}
          />
        ) : null}
        {fieldsOf.amount ? (
          <>
            <SelectField
              id={id('amount.currency')}
              label={GAP_FORM_TEXT.currency}
              options={currencyOptions()}
              value={values.amount.currency}
              onChange={onText('amount.currency')}
              error={errorOf('amount.currency')}
            />
            <TextField
              id={id('amount.value')}
              label={GAP_FORM_TEXT.amount}
              type="number"
              inputMode="decimal"
              min={AMOUNT_MIN}
              max={AMOUNT_MAX}
              step={AMOUNT_STEP}
              value={values.amount.value}
              onChange={onText('amount.value')}
              // A non-numeric amount becomes 0.
              onBlur={() => change('amount.value', String(toAmountValue(values.amount.value)))}
              error={errorOf('amount.value')}
            />
          </>
        ) : null}
      </div>
      <SdgCheckboxGroup
        value={values.impactedSDGs}
        onChange={(codes) => change('impactedSDGs', codes)}
        error={errorOf('impactedSDGs')}
      />
      <CustomFieldInputs
        title={GAP_FORM_TEXT.customFields}
        definitions={customFields}
        values={values.fields}
        idPrefix={id('fields')}
        onChange={(fieldId, value) => change(`fields.${fieldId}.value`, value)}
      />
      <CustomFieldInputs
        title={GAP_FORM_TEXT.addOnFields}
        definitions={addOnFields}
        values={values.addOns}
        idPrefix={id('addOns')}
        onChange={(fieldId, value) => change(`addOns.${fieldId}.value`, value)}
      />
      <EsapFieldsGroup
        values={values}
        errorOf={errorOf}
        onChange={change}
        id={id}
        defaultOpen={esapFieldsSet(formik.initialValues) > 0}
      />
      <div className="vui-gap-form__actions">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            {GAP_FORM_TEXT.cancel}
          </Button>
        ) : null}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

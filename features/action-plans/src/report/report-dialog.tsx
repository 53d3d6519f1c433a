// The 'Download report' dialog: its form (Formik, the date fields) is a chunk of its own, loaded
// when the button is first pointed at, focused or pressed, so a screen showing the button does not
// download it with its first figures.
import { useRef, type ChangeEvent } from 'react';
import {
  LANGUAGES,
  LANGUAGE_NAMES,
  isLanguage,
  languageInUse,
  useLanguage,
  type Language,
} from '@verity/session';
import { useFormik } from 'formik';
import {
  REPORT_DEFAULT_PERIOD_DAYS,
  REPORT_DIALOG_TEXT as text,
  REPORT_FORMATS,
  REPORT_FORMAT_LABELS,
  checkReportPeriod,
  reportDayMinus,
  reportMessages,
  type ReportFormat,
} from '@verity/shared-api';
import {
  downloadActionPlanReport,
  downloadCompanyReport,
  saveBlob,
  type ReportFile,
  type ReportRequest,
} from '@verity/shared-api/calls';
import {
  Button,
  DateField,
  Modal,
  SelectField,
  toDateInputValue,
  toast,
  useFocusFirstError,
} from '@verity/shared-ui';
import { t } from '../texts';
import type { ReportSubject } from './download-report-button';
import './report-dialog.css';

interface ReportValues {
  format: ReportFormat;
  /** The date inputs' 'YYYY-MM-DD'. */
  from: string;
  to: string;
  /** The report's own words (the PDF's and the workbook's): in this language, and beside English when `bilingual`. */
  language: Language;
  bilingual: boolean;
}

/** Each language in its own words. */
const languageOptions = () =>
  LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

/** The request: the report in its language. */
const requestOf = ({ format, from, to, language, bilingual }: ReportValues): ReportRequest => ({
  format,
  from,
  to,
  language,
  bilingual,
});

const formatOptions = () =>
  REPORT_FORMATS.map((format) => ({
    value: format,
    label: REPORT_FORMAT_LABELS[format],
  }));

function download(subject: ReportSubject, request: ReportRequest): Promise<ReportFile> {
  return subject.kind === 'actionPlan'
    ? downloadActionPlanReport(subject.actionPlanId, subject.targetCompanyId, request)
    : downloadCompanyReport(subject.targetCompanyId, request);
}

/** The dialog of the 'Download report' button, open while `open`. */
export function ReportDialog({
  subject,
  open,
  onOpenChange,
}: {
  subject: ReportSubject;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  useLanguage();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={text.title} size="sm">
      {open ? <ReportForm subject={subject} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function ReportForm({ subject, onDone }: { subject: ReportSubject; onDone: () => void }) {
  useLanguage();
  const formRef = useRef<HTMLFormElement>(null);
  const today = toDateInputValue(new Date());
  const formik = useFormik<ReportValues>({
    initialValues: {
      format: 'pdf',
      from: reportDayMinus(today, REPORT_DEFAULT_PERIOD_DAYS),
      to: today,
      language: isLanguage(languageInUse()) ? languageInUse() : 'en',
      bilingual: false,
    },
    validateOnBlur: false,
    validateOnChange: false,
    // The API's own period rule, with its words.
    validate: (values) => {
      if (!values.from) return { from: reportMessages.badFrom };
      if (!values.to) return { to: reportMessages.badTo };
      const period = checkReportPeriod(values.from, values.to, today);
      if (period.ok) return {};
      return period.message === reportMessages.badTo
        ? { to: period.message }
        : { from: period.message };
    },
    onSubmit: async (values) => {
      try {
        const { blob, fileName } = await download(subject, requestOf(values));
        saveBlob(blob, fileName);
        onDone();
      } catch {
        toast.error(reportMessages.failed);
      }
    },
  });
  const { values, errors, isSubmitting, submitCount } = formik;
  useFocusFirstError(formRef, submitCount, isSubmitting);

  function onFieldChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    formik.setFieldError(event.target.name, undefined);
    formik.handleChange(event);
  }

  return (
    <form ref={formRef} className="vui-screen-form" onSubmit={formik.handleSubmit} noValidate>
      <p>{subject.kind === 'actionPlan' ? text.planDescription : text.companyDescription}</p>
      <SelectField
        label={text.format}
        name="format"
        required
        options={formatOptions()}
        value={values.format}
        onChange={onFieldChange}
        disabled={isSubmitting}
      />
      <>
        <SelectField
          label={t('plans.report.language')}
          name="language"
          required
          options={languageOptions()}
          value={values.language}
          onChange={onFieldChange}
          disabled={isSubmitting}
        />
        {values.language !== 'en' ? (
          <label className="vui-report-dialog__check">
            <input
              type="checkbox"
              name="bilingual"
              checked={values.bilingual}
              onChange={onFieldChange}
              disabled={isSubmitting}
            />
            {t('plans.report.bilingual')}
          </label>
        ) : null}
      </>
      <DateField
        label={text.from}
        name="from"
        required
        value={values.from}
        onChange={onFieldChange}
        error={errors.from}
        disabled={isSubmitting}
      />
      <DateField
        label={text.to}
        name="to"
        required
        value={values.to}
        onChange={onFieldChange}
        error={errors.to}
        disabled={isSubmitting}
      />
      <div className="vui-screen-form__actions">
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          {text.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {text.download}
        </Button>
      </div>
    </form>
  );
}

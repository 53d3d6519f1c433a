// Every string the auditor area shows itself, read in the language in use from the area's catalogue
// (locales/en.json holds the spec's English wording). Each field reads its message when it is read,
// so a component that reads it while rendering shows the language in use.
import {
  ESAP_FIELD_TEXT,
  type EsapColumnMapping,
  type EsapImportField,
  type EsapStatusSource,
} from '@verity/shared-api';
import { textRecord } from '@verity/session';
import { t } from './texts';

type Id = Parameters<typeof t>[0];

/** Texts read when read (`textRecord`): a component reading one while rendering shows the language in use. */
const texts = <Key extends string, More extends object = object>(
  ids: Record<Key, Id>,
  more?: More,
) => textRecord(t, ids, more);

export const AUDITOR_PAGE_TITLES = texts({
  targetCompanies: 'auditor.pageTitles.targetCompanies',
  users: 'auditor.pageTitles.users',
  audits: 'auditor.pageTitles.audits',
  actionPlans: 'auditor.pageTitles.actionPlans',
  actionPlan: 'auditor.pageTitles.actionPlan',
  dashboard: 'auditor.pageTitles.dashboard',
  createActionPlan: 'auditor.pageTitles.createActionPlan',
});

export const AUDITOR_TEXTS = texts({
  /** The companies page's link to the auditor dashboard. */
  dashboardLink: 'auditor.pageTitles.dashboard',
  /** Shown in place of a screen when the signed-in user has no auditor firm. */
  noAuditorFirm: 'auditor.noAuditorFirm',
});

/** The figures and chart of the auditor dashboard. */
export const AUDITOR_DASHBOARD_TEXTS = texts({
  totalTargetCompanies: 'auditor.dashboard.totalTargetCompanies',
  completed: 'auditor.dashboard.completed',
  inProgress: 'auditor.dashboard.inProgress',
  overdue: 'auditor.dashboard.overdue',
  portfolioOverview: 'auditor.dashboard.portfolioOverview',
});

export const CREATE_ACTION_PLAN_TEXTS = texts(
  {
    gapSection: 'auditor.createActionPlan.gapSection',
    heading: 'auditor.createActionPlan.heading',
    headingPlaceholder: 'auditor.createActionPlan.headingPlaceholder',
    timeline: 'auditor.createActionPlan.timeline',
    category: 'auditor.createActionPlan.category',
    categoryPlaceholder: 'auditor.createActionPlan.categoryPlaceholder',
    failedToLoadAudit: 'auditor.createActionPlan.failedToLoadAudit',
    discardDraft: 'auditor.createActionPlan.discardDraft',
  },
  {
    /** The page's h1 for a form label, e.g. 'Create CAPA'. */
    pageTitle: (formLabel: string) => t('auditor.createActionPlan.pageTitle', { formLabel }),
    detailsSection: (formLabel: string) =>
      t('auditor.createActionPlan.detailsSection', { formLabel }),
    submit: (formLabel: string) => t('auditor.createActionPlan.submit', { formLabel }),
    /** Over a form filled again from the draft kept in the browser. */
    draftRestored: (savedAt: string) => t('auditor.createActionPlan.draftRestored', { savedAt }),
  },
);

/** The ESAP import screen (docs/decisions/0042-esap-import.md); the API's own messages come as sent. */
export const ESAP_IMPORT_TEXTS = texts(
  {
    title: 'auditor.esapImport.title',
    intro: 'auditor.esapImport.intro',
    fileTitle: 'auditor.esapImport.fileTitle',
    fileLabel: 'auditor.esapImport.fileLabel',
    readFile: 'auditor.esapImport.readFile',
    reading: 'auditor.esapImport.reading',
    chooseFile: 'auditor.esapImport.chooseFile',
    mappingTitle: 'auditor.esapImport.mappingTitle',
    columnHeader: 'auditor.esapImport.columnHeader',
    fieldHeader: 'auditor.esapImport.fieldHeader',
    previewTitle: 'auditor.esapImport.previewTitle',
    rowHeader: 'auditor.esapImport.rowHeader',
    sectionRow: 'auditor.esapImport.sectionRow',
    footnoteRow: 'auditor.esapImport.footnoteRow',
    planTitle: 'auditor.esapImport.planTitle',
    importInto: 'auditor.esapImport.importInto',
    newPlan: 'auditor.esapImport.newPlan',
    gapDefaultsTitle: 'auditor.esapImport.gapDefaultsTitle',
    gapDefaultsHint: 'auditor.esapImport.gapDefaultsHint',
    esgAspect: 'auditor.esapImport.esgAspect',
    esgAspectPlaceholder: 'auditor.esapImport.esgAspectPlaceholder',
    impactedSdgs: 'auditor.esapImport.impactedSdgs',
    dryRun: 'auditor.esapImport.dryRun',
    import: 'auditor.esapImport.import',
    working: 'auditor.esapImport.working',
    statusTitle: 'auditor.esapImport.statusTitle',
    statusHint: 'auditor.esapImport.statusHint',
    statusHeader: 'auditor.esapImport.statusHeader',
    statusItemsHeader: 'auditor.esapImport.statusItemsHeader',
    statusTargetHeader: 'auditor.esapImport.statusTargetHeader',
    resultTitle: 'auditor.esapImport.resultTitle',
    dryRunDone: 'auditor.esapImport.dryRunDone',
    nothingImported: 'auditor.esapImport.nothingImported',
    openPlan: 'auditor.esapImport.openPlan',
    downloadErrors: 'auditor.esapImport.downloadErrors',
    errorsColumn: 'auditor.esapImport.errorsColumn',
    failed: 'auditor.esapImport.failed',
    notImported: 'auditor.esapImport.notImported',
    keepAsText: 'auditor.esapImport.keepAsText',
  },
  {
    /** The file the rows with errors download as. */
    errorRowsFileName: 'esap-rows-with-errors.csv',
    fieldLabel: (column: string, header: string) =>
      header
        ? t('auditor.esapImport.fieldLabel', { column, header })
        : t('auditor.esapImport.fieldLabelNoHeader', { column }),
    statusTargetLabel: (text: string) => t('auditor.esapImport.statusTargetLabel', { text }),
    statusSources: texts<EsapStatusSource>({
      sent: 'auditor.esapImport.statusSources.sent',
      remembered: 'auditor.esapImport.statusSources.remembered',
      known: 'auditor.esapImport.statusSources.known',
      unknown: 'auditor.esapImport.statusSources.unknown',
    }),
    imported: (gaps: number) => t('auditor.esapImport.imported', { gaps }),
    counts: texts({
      items: 'auditor.esapImport.counts.items',
      imported: 'auditor.esapImport.counts.imported',
      wouldImport: 'auditor.esapImport.counts.wouldImport',
      alreadyInPlan: 'auditor.esapImport.counts.alreadyInPlan',
      withErrors: 'auditor.esapImport.counts.withErrors',
      sections: 'auditor.esapImport.counts.sections',
    }),
    warningsTitle: (count: number) => t('auditor.esapImport.warningsTitle', { count }),
    errorsTitle: (count: number) => t('auditor.esapImport.errorsTitle', { count }),
    /** Where a problem is: 'File', 'Row 8, column C', 'Item 1.3 (row 8)'. */
    problemPlace: (row: number | null, column: string | null, itemNumber?: string) => {
      if (row === null) return t('auditor.esapImport.problemFile');
      if (itemNumber)
        return column
          ? t('auditor.esapImport.problemItemRowColumn', { itemNumber, row, column })
          : t('auditor.esapImport.problemItemRow', { itemNumber, row });
      return column
        ? t('auditor.esapImport.problemRowColumn', { row, column })
        : t('auditor.esapImport.problemRow', { row });
    },
    /** '{label} is needed for every item: ...', the form's own check of a default. */
    defaultRequired: (label: string) => t('auditor.esapImport.defaultRequired', { label }),
    /** The field each column may be imported as, as the mapping's list names it. */
    fieldLabels: textRecord<EsapImportField, Id>(t, {
      esapItemNumber: () => ESAP_FIELD_TEXT.esapItemNumber,
      recommendation: 'auditor.esapImport.field.recommendation',
      gapName: 'auditor.esapImport.field.gapName',
      requirementReferences: () => ESAP_FIELD_TEXT.requirementReferences,
      responsibility: 'auditor.esapImport.field.responsibility',
      resources: () => ESAP_FIELD_TEXT.resources,
      timetable: () =>
        t('auditor.esapImport.field.timetable', { timetable: ESAP_FIELD_TEXT.timetable }),
      completionIndicator: () => ESAP_FIELD_TEXT.completionIndicator,
      status: 'auditor.esapImport.field.status',
      comments: 'auditor.esapImport.field.comments',
      KPI: 'auditor.esapImport.field.KPI',
      riskSeverity: 'auditor.esapImport.field.riskSeverity',
      residualRisk: 'auditor.esapImport.field.residualRisk',
      actionTakenByCompany: 'auditor.esapImport.field.actionTakenByCompany',
      ESGAspect: 'auditor.esapImport.field.ESGAspect',
      impactedSDGs: 'auditor.esapImport.field.impactedSDGs',
      areaCode: 'auditor.esapImport.field.areaCode',
      conditionType: () => ESAP_FIELD_TEXT.conditionType,
    }),
    /**
     * The first field two columns are mapped to, as the message naming both columns (as the API's
     * own check, in the language in use), or undefined.
     */
    repeatedMapping: (
      mapping: EsapColumnMapping,
      headers: Readonly<Record<string, string>> = {},
    ): string | undefined => {
      const seen = new Map<EsapImportField, string>();
      const named = (column: string) =>
        headers[column]
          ? t('auditor.esapImport.columnNamed', { column, header: headers[column] })
          : column;
      for (const [column, field] of Object.entries(mapping)) {
        if (!field) continue;
        const first = seen.get(field);
        if (first !== undefined)
          return t('auditor.esapImport.twoColumns', {
            first: named(first),
            second: named(column),
            label: ESAP_IMPORT_TEXTS.fieldLabels[field],
            notImported: ESAP_IMPORT_TEXTS.notImported,
          });
        seen.set(field, column);
      }
      return undefined;
    },
  },
);

// Importing a lender's ESAP spreadsheet: the fields a column can fill, how a header is recognised,
// and the words the import screen and the API share (docs/decisions/0042-esap-import.md).
import { ESAP_FIELD_LABELS } from './esap';

/** The fields a spreadsheet column can be mapped to, in the screen's order. */
export const ESAP_IMPORT_FIELDS = [
  'esapItemNumber',
  'recommendation',
  'gapName',
  'requirementReferences',
  'responsibility',
  'resources',
  'timetable',
  'completionIndicator',
  'status',
  'comments',
  'KPI',
  'riskSeverity',
  'residualRisk',
  'actionTakenByCompany',
  'ESGAspect',
  'impactedSDGs',
  'areaCode',
  'conditionType',
] as const;
export type EsapImportField = (typeof ESAP_IMPORT_FIELDS)[number];

export function isEsapImportField(value: unknown): value is EsapImportField {
  return typeof value === 'string' && (ESAP_IMPORT_FIELDS as readonly string[]).includes(value);
}

export const ESAP_IMPORT_FIELD_LABELS: Readonly<Record<EsapImportField, string>> = {
  esapItemNumber: ESAP_FIELD_LABELS.esapItemNumber,
  recommendation: 'Recommendation (Action)',
  gapName: 'Gap name (E&S Risk)',
  requirementReferences: ESAP_FIELD_LABELS.requirementReferences,
  responsibility: 'Responsibility',
  resources: ESAP_FIELD_LABELS.resources,
  timetable: `${ESAP_FIELD_LABELS.timetable} (due date)`,
  completionIndicator: ESAP_FIELD_LABELS.completionIndicator,
  status: 'ESAP status',
  comments: 'Comments',
  KPI: 'KPI',
  riskSeverity: 'Risk severity',
  residualRisk: 'Residual risk',
  actionTakenByCompany: 'Action taken by company',
  ESGAspect: 'ESG Aspect',
  impactedSDGs: 'Impacted SDGs',
  areaCode: 'Area code',
  conditionType: ESAP_FIELD_LABELS.conditionType,
};

/** The option of a column that is not imported. */
export const NOT_IMPORTED_LABEL = 'Not imported';

/**
 * The headers each field is recognised by, written as people write them; they are compared after
 * `normaliseHeader`, whole or as the start of the header ('Requirements (Legislative, EBRD PR,
 * Best Practice)' starts with 'Requirements'). The longest matching synonym wins, so 'Action taken'
 * is not 'Action'.
 */
export const ESAP_HEADER_SYNONYMS: Readonly<Record<EsapImportField, readonly string[]>> = {
  esapItemNumber: [
    'No',
    'No.',
    'Item No',
    'Item No.',
    'Item number',
    '#',
    'Ref',
    'Ref. No',
    'S. No',
    'Sr. No',
    'ESAP item',
    // French and Turkish ESAPs.
    'N°',
    'Numéro',
    'Réf',
    'Sıra No',
    'Madde No',
  ],
  recommendation: [
    'Action',
    'Actions',
    'Corrective Action',
    'Corrective actions',
    'Recommended action',
    'Recommendation',
    'Measure',
    'Measures',
    'Mesure',
    'Mesures',
    'Mesures correctives',
    'Action corrective',
    'Eylem',
    'Eylemler',
    'Faaliyet',
    'Düzeltici faaliyet',
    'Önlem',
    'Önlemler',
  ],
  gapName: [
    'E&S Risk',
    'E&S Risks',
    'Environmental & Social Risks',
    'Environmental and Social Risks',
    'Environmental & Social Risk',
    'Non-compliance',
    'Non-compliances',
    'Gap',
    'Gap name',
    'Finding',
    'Issue',
    'Risque E&S',
    'Risques E&S',
    'Risques environnementaux et sociaux',
    'Non-conformité',
    'Constat',
    'ÇS riski',
    'Çevresel ve sosyal riskler',
    'Uygunsuzluk',
    'Bulgu',
  ],
  requirementReferences: [
    'Requirements',
    'Requirement',
    'PS',
    'PR',
    'Performance Standard',
    'Performance Requirement',
    'Requirement references',
    'Reference',
    'Exigences',
    'Exigence',
    'Norme de performance',
    'Référence',
    'Gereklilikler',
    'Gereklilik',
    'Performans standardı',
    'Referans',
  ],
  responsibility: [
    'Responsible',
    'Responsibility',
    'Responsible party',
    'Owner',
    'Action owner',
    'Responsable',
    'Responsabilité',
    'Sorumlu',
    'Sorumluluk',
  ],
  resources: [
    'Resources',
    'Resources required',
    'Investment needs',
    'Investment',
    'Budget',
    'Cost',
    'Costs',
    'Estimated cost',
    'Ressources',
    'Coût',
    'Coûts',
    'Investissement',
    'Kaynaklar',
    'Kaynak',
    'Bütçe',
    'Maliyet',
    'Yatırım',
  ],
  timetable: [
    'Timetable',
    'Timeline',
    'Deadline',
    'Completion date',
    'Due date',
    'Target date',
    'Timeframe',
    'Timing',
    'Schedule',
    'Calendrier',
    'Échéance',
    'Échéancier',
    'Délai',
    'Date limite',
    'Takvim',
    'Zaman çizelgesi',
    'Termin',
    'Son tarih',
    'Tamamlanma tarihi',
  ],
  completionIndicator: [
    'Completion Indicator',
    'Completion Indicators',
    'Deliverable',
    'Deliverables',
    'Target',
    'Targets',
    'Evaluation criteria',
    'Indicateur de réalisation',
    'Indicateurs de réalisation',
    'Livrable',
    'Livrables',
    'Tamamlanma göstergesi',
    'Gösterge',
    'Çıktı',
    'Çıktılar',
  ],
  status: ['Status', 'Implementation status', 'Progress', 'Statut', 'État', 'Avancement', 'Durum'],
  comments: [
    'Comments',
    'Comment',
    'Remarks',
    'Notes',
    'Commentaires',
    'Remarques',
    'Observations',
    'Yorumlar',
    'Açıklamalar',
    'Notlar',
  ],
  KPI: ['KPI', 'Key performance indicator'],
  riskSeverity: ['Risk severity', 'Risk level', 'Risk rating', 'Severity', 'Priority'],
  residualRisk: ['Residual risk'],
  actionTakenByCompany: ['Action taken', 'Action taken by company', 'Actions taken'],
  ESGAspect: ['ESG aspect', 'Aspect'],
  impactedSDGs: ['SDG', 'SDGs', 'Impacted SDGs'],
  areaCode: ['Area code'],
  conditionType: ['Condition type', 'Condition'],
};

/** Footnote markers at the end of a header or a date: ¹ ² *, †, ‡, [1], (a) and a digit glued on. */
const FOOTNOTE_AT_END =
  /(?:\s*(?:[\u00B9\u00B2\u00B3\u2070-\u2079*†‡§]+|\[\w{1,3}\]|\((?:\d{1,2}|[a-z])\)))+$/iu;

/** A text without its trailing footnote markers. */
export function withoutFootnote(text: string): string {
  return text.replace(FOOTNOTE_AT_END, '').trim();
}

/**
 * A header as it is compared: lower case without accents ('Échéance' as 'echeance', Turkish 'ı' as
 * 'i'), '&' as 'and', punctuation and line breaks as one space, without footnote markers (a digit
 * glued to the last word counts as one: 'Timetable2').
 */
export function normaliseHeader(header: string): string {
  return withoutFootnote(header.normalize('NFKC'))
    .replace(/(?<=[a-z)])\d$/i, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim();
}

const SYNONYMS: readonly { field: EsapImportField; synonym: string }[] = ESAP_IMPORT_FIELDS.flatMap(
  (field) =>
    ESAP_HEADER_SYNONYMS[field].map((synonym) => ({ field, synonym: normaliseHeader(synonym) })),
).sort((a, b) => b.synonym.length - a.synonym.length);

/** The field a header names, or null: the longest synonym equal to the header or starting it. */
export function fieldOfHeader(header: string): EsapImportField | null {
  const normal = normaliseHeader(header);
  if (normal === '') return null;
  const match = SYNONYMS.find(
    ({ synonym }) => normal === synonym || normal.startsWith(`${synonym} `),
  );
  return match?.field ?? null;
}

/**
 * The fields a combined header names, in its order ('Status / Responsibility', 'Responsibility &
 * Timing', 'Resources, Responsibility'): the parts between '/', '&', '+', ',' and 'and' that each
 * name a field, when they name two different ones; [] otherwise ('Resources / Investment needs'
 * names one field twice, 'Requirements (Legislative, EBRD PR, …)' has parts that name none).
 */
export function fieldsOfCombinedHeader(header: string): EsapImportField[] {
  const parts = header.split(/[/&+,]|\band\b/i).map((part) => part.trim());
  if (parts.length < 2) return [];
  const fields = parts.map(fieldOfHeader);
  if (fields.some((field) => field === null)) return [];
  const distinct = [...new Set(fields as EsapImportField[])];
  return distinct.length === 2 ? distinct : [];
}

/** A cell of a combined column in its two parts, when it splits cleanly at one '/', ';', '|' or line break. */
export function splitCombinedCell(text: string): [string, string] | null {
  for (const separator of [/\s*\r?\n\s*/, /\s*\/\s*/, /\s*;\s*/, /\s*\|\s*/, /\s+[-–]\s+/]) {
    const parts = text.split(separator).map((part) => part.trim());
    if (parts.length === 2 && parts.every((part) => part !== '')) return parts as [string, string];
  }
  return null;
}

/** A column's letter as a spreadsheet names it (0 is A, 26 is AA). */
export function columnLetter(index: number): string {
  let letters = '';
  let rest = index + 1;
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

/** A column mapping: each column's letter to the field it fills, or null (not imported). */
export type EsapColumnMapping = Record<string, EsapImportField | null>;

export const ESAP_IMPORT_TWO_COLUMNS = (label: string, first: string, second: string) =>
  `Columns ${first} and ${second} are both mapped to ${label}; map one of them to another field or to '${NOT_IMPORTED_LABEL}'.`;

/** The first field two columns are mapped to, as the message naming both columns, or undefined. */
export function repeatedMapping(
  mapping: EsapColumnMapping,
  headers: Readonly<Record<string, string>> = {},
): string | undefined {
  const seen = new Map<EsapImportField, string>();
  const named = (column: string) => (headers[column] ? `${column} ('${headers[column]}')` : column);
  for (const [column, field] of Object.entries(mapping)) {
    if (!field) continue;
    const first = seen.get(field);
    if (first !== undefined) {
      return ESAP_IMPORT_TWO_COLUMNS(ESAP_IMPORT_FIELD_LABELS[field], named(first), named(column));
    }
    seen.set(field, column);
  }
  return undefined;
}

/**
 * What an imported gap is named where the ESAP has no text for it: the KPI when neither a KPI nor a
 * completion indicator is given, the gap name when neither an E&S risk nor a section is. The action
 * itself lives only in the recommendation (docs/decisions/0089-esap-import-meanings.md).
 */
export const ESAP_IMPORTED_NAMES = {
  kpi: (itemNumber: string) => `ESAP item ${itemNumber} completed`,
  gapName: (itemNumber: string) => `ESAP item ${itemNumber}`,
} as const;

/* ---------- ESAP statuses ---------- */

/**
 * The gap statuses an import may set from an ESAP's status (0089): Open, or Prov Close for an item
 * the lender reports done (Closed needs the closure review's verification, 0035). `null` keeps the
 * status as text only: the gap starts Open, the text stays in its custom field.
 */
export const IMPORT_STATUS_TARGETS = ['open', 'provClosed'] as const;
export type ImportStatusTarget = (typeof IMPORT_STATUS_TARGETS)[number];
export const IMPORT_STATUS_TARGET_LABELS: Readonly<Record<ImportStatusTarget, string>> = {
  open: 'Open',
  provClosed: 'Prov Close',
};
export const KEEP_AS_TEXT_LABEL = 'Keep as text only';

export function isImportStatusTarget(value: unknown): value is ImportStatusTarget {
  return typeof value === 'string' && (IMPORT_STATUS_TARGETS as readonly string[]).includes(value);
}

/** A status as it is compared and remembered: NFKC, trimmed, spaces collapsed, lower case. */
export const esapStatusKey = (text: string) =>
  text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

/** Where the target of a status in the dry run's table comes from. */
export const ESAP_STATUS_SOURCES = ['sent', 'remembered', 'known', 'unknown'] as const;
export type EsapStatusSource = (typeof ESAP_STATUS_SOURCES)[number];

/** The statuses the import knows, in English, French, Turkish and Spanish, as words of the status. */
const words = (list: string) => new RegExp(`(?<!\\p{L})(?:${list})(?!\\p{L})`, 'u');
const NOT_DONE = words(
  'open|ongoing|on-going|in progress|not started|not yet started|not completed?|pending|planned|partial(?:ly)?|started|delayed|outstanding|en cours|non commenc[ée]e?|pas (?:encore )?commenc[ée]e?|en attente|pr[ée]vue?|planifi[ée]e?|partiel(?:le)?(?:ment)?|devam ediyor|ba[şs]lanmad[ıi]|ba[şs]lamad[ıi]|beklemede|planland[ıi]|k[ıi]smen|en curso|en progreso|no iniciad[oa]|pendiente|planificad[oa]|parcial(?:mente)?',
);
const DONE = words(
  'complete[d]?|closed|done|implemented|achieved|fulfilled|achev[ée]e?|termin[ée]e?|r[ée]alis[ée]e?|cl[ôo]tur[ée]e?|compl[ée]t[ée]e?|tamamland[ıi]|kapat[ıi]ld[ıi]|uyguland[ıi]|bitti|completad[oa]|terminad[oa]|cerrad[oa]|implementad[oa]|cumplid[oa]',
);

/**
 * What a known status proposes: Open for one not done ('Ongoing', 'En cours', 'Devam ediyor', 'En
 * curso', 'Partially completed'), Prov Close for one done ('Completed', 'Achevé', 'Tamamlandı',
 * 'Completado'); undefined for a status the import does not know ('Recurring', 'Tender stage').
 */
export function knownStatusTarget(text: string): ImportStatusTarget | undefined {
  const key = esapStatusKey(text);
  if (NOT_DONE.test(key)) return 'open';
  if (DONE.test(key)) return 'provClosed';
  return undefined;
}

/* ---------- Messages ---------- */

export const ESAP_IMPORT_MESSAGES = {
  fileRequired: 'Choose an .xlsx or .csv file to import.',
  notSpreadsheet: 'This file is not an .xlsx workbook or a CSV file.',
  unreadableWorkbook: 'This workbook could not be read; save it again as .xlsx and retry.',
  tooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
  tooManyRows: (rows: number, max: number) =>
    `The spreadsheet has ${rows} rows; at most ${max} can be imported at once.`,
  unpackedTooLarge: (megabytes: number) =>
    `The workbook unpacks to more than ${megabytes} MB; at most ${megabytes} MB can be read. Remove images or other sheets, or save it as CSV.`,
  tooManyRowsToRead: (read: number, max: number) =>
    `The spreadsheet has more than ${read.toLocaleString('en-US')} rows, empty ones included; at most ${max.toLocaleString('en-US')} can be imported at once.`,
  rowTooLong: (characters: number) =>
    `A row of the file has more than ${characters.toLocaleString('en-US')} characters; at most ${characters.toLocaleString('en-US')} can be read in one row.`,
  readTooSlow: (seconds: number) =>
    `Reading the file took longer than ${seconds} seconds, the most an import may take; save it with fewer rows, columns or sheets and retry.`,
  readTooLarge: (megabytes: number) =>
    `Reading the file needed more than ${megabytes} MB of memory, the most an import may use; save it with fewer rows, columns or sheets and retry.`,
  noHeader:
    'No header row was found: the first rows name no ESAP column (No., Action, Timetable…).',
  noRows: 'The spreadsheet has no ESAP items below its header.',
  badMapping: 'The mapping must be a JSON object of column letters to field names.',
  unknownColumn: (column: string) =>
    `The mapping names column ${column}, which the file does not have.`,
  unknownField: (field: string) => `The mapping names an unknown field: ${field}.`,
  columnRequired: (label: string) =>
    `No column is mapped to ${label}, which every imported item needs.`,
  defaultRequired: (label: string) =>
    `${label} is needed for every item: map a column to it or choose one for all items.`,
  actionPlanNotInAudit: 'This action plan does not belong to the audit.',
  timetableNotDate: (text: string) =>
    `Timetable '${text}' is not a date: kept as written, due on the action plan's timeline.`,
  timetableNoDate: (text: string) =>
    `Timetable '${text}' is not a date and the action plan has no timeline to use instead.`,
  sectionWithoutStandard: (text: string) =>
    `Row read as the section '${text}', which names no standard: the items below it get no requirement reference from it.`,
  unknownReference: (text: string) =>
    `No standard recognised in '${text}': kept as written in the gap's custom fields.`,
  statusKeptOpen: (text: string) =>
    `Status '${text}' imported as Open: close it through the closure review.`,
  unknownStatus: (text: string) => `Status '${text}' is not recognised; imported as Open.`,
  alreadyImported: (itemNumber: string) =>
    `ESAP item ${itemNumber} is already in this action plan; the row was skipped.`,
  repeatedInFile: (itemNumber: string, firstRow: number) =>
    `ESAP item ${itemNumber} already appears in row ${firstRow}; the row was skipped.`,
  timetableEmpty: "No timetable: due on the action plan's timeline.",
  pastDue: (itemNumber: string, dueDate: string) =>
    `ESAP item ${itemNumber} was due ${dueDate}, before today: it comes in overdue.`,
  footnoteSkipped: 'Row read as a footnote and not imported.',
  combinedSplit: (column: string, header: string, first: string, second: string) =>
    `Column ${column} ('${header}') holds ${first} and ${second}: each cell is split in two, the first part is ${first}, the second ${second}.`,
  combinedOneField: (
    column: string,
    header: string,
    first: string,
    second: string,
    mapped: string,
  ) =>
    `Column ${column} ('${header}') names ${first} and ${second}, and not every cell splits in two; it is imported as ${mapped} only.`,
  badStatusMapping:
    "The status mapping must be a JSON object of ESAP statuses to 'open', 'provClosed' or null.",
  statusMappingTooLong: (max: number) =>
    `The status mapping can name at most ${max} statuses of at most 200 characters each.`,
  provCloseNeedsReview:
    "This client's closures need evidence review: an import cannot set Prov Close. Map the status to Open or keep it as text only.",
  itemNumberRequired:
    'No item number: each imported row needs one, so that importing the file again does not repeat it.',
} as const;

/** The import screen's words. */
export const ESAP_IMPORT_SCREEN = {
  title: 'Import ESAP',
  intro:
    'Upload the lender’s ESAP as .xlsx or .csv (at most 10 MB and 2,000 rows). Each column is mapped from its header; change any mapping before you import.',
  fileTitle: 'Spreadsheet',
  fileLabel: 'ESAP spreadsheet (.xlsx or .csv)',
  readFile: 'Read file',
  reading: 'Reading…',
  chooseFile: 'Choose a file first.',
  mappingTitle: 'Columns',
  columnHeader: 'Column and its header',
  fieldHeader: 'Imported as',
  fieldLabel: (column: string, header: string) => `Column ${column} (${header || 'no header'})`,
  previewTitle: 'First rows',
  rowHeader: 'Row',
  sectionRow: 'Section',
  footnoteRow: 'Footnote',
  planTitle: 'Action plan',
  importInto: 'Import into',
  newPlan: 'A new action plan',
  gapDefaultsTitle: 'For every item',
  gapDefaultsHint:
    'Used where the file has no column for them; the ESG Aspect only for items whose standard (IFC PS, EBRD PR) gives none.',
  esgAspect: 'ESG Aspect',
  esgAspectPlaceholder: 'Select ESG Aspect',
  impactedSdgs: 'Impacted SDGs',
  dryRun: 'Check (dry run)',
  import: 'Import',
  working: 'Working…',
  statusTitle: 'ESAP statuses',
  statusHint:
    'Each status of the file, once: what Verity sets it to. Your choice is remembered for this client’s next import.',
  statusHeader: 'ESAP status',
  statusItemsHeader: 'Items',
  statusTargetHeader: 'Imported as',
  statusTargetLabel: (text: string) => `Status '${text}' imported as`,
  statusSources: {
    sent: 'Your choice',
    remembered: 'Remembered',
    known: 'Proposed',
    unknown: 'Not recognised',
  },
  resultTitle: 'Result',
  dryRunDone: 'Dry run: nothing was saved. This is what Import will do.',
  imported: (gaps: number) => `${gaps} ${gaps === 1 ? 'gap' : 'gaps'} imported.`,
  nothingImported: 'Nothing was imported.',
  counts: {
    items: 'Items read',
    imported: 'Gaps imported',
    wouldImport: 'Gaps to import',
    alreadyInPlan: 'Already in the plan',
    withErrors: 'Rows with errors',
    sections: 'Sections',
  },
  warningsTitle: (count: number) => `Warnings (${count})`,
  errorsTitle: (count: number) => `Errors (${count})`,
  problemPlace: (row: number | null, column: string | null, itemNumber?: string) => {
    if (row === null) return 'File';
    const place = column ? `row ${row}, column ${column}` : `row ${row}`;
    return itemNumber ? `Item ${itemNumber} (${place})` : place[0]!.toUpperCase() + place.slice(1);
  },
  openPlan: 'Open the action plan',
  downloadErrors: 'Download rows with errors (CSV)',
  errorRowsFileName: 'esap-rows-with-errors.csv',
  errorsColumn: 'Errors',
  failed: 'The import failed.',
} as const;

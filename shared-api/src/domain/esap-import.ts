// Importing a lender's ESAP spreadsheet: the fields a column can fill, how a header is recognised,
// and the words the import screen and the API share (docs/decisions/0042-esap-import.md).
import { t } from '#texts';
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
  get fileRequired() {
    return t('contract.esapImport.fileRequired');
  },
  get notSpreadsheet() {
    return t('contract.esapImport.notSpreadsheet');
  },
  get unreadableWorkbook() {
    return t('contract.esapImport.unreadableWorkbook');
  },
  tooLarge: (megabytes: number) => t('contract.esapImport.tooLarge', { megabytes }),
  tooManyRows: (rows: number, max: number) => t('contract.esapImport.tooManyRows', { rows, max }),
  unpackedTooLarge: (megabytes: number) => t('contract.esapImport.unpackedTooLarge', { megabytes }),
  tooManyRowsToRead: (read: number, max: number) =>
    t('contract.esapImport.tooManyRowsToRead', { read, max }),
  rowTooLong: (characters: number) => t('contract.esapImport.rowTooLong', { characters }),
  readTooSlow: (seconds: number) => t('contract.esapImport.readTooSlow', { seconds }),
  readTooLarge: (megabytes: number) => t('contract.esapImport.readTooLarge', { megabytes }),
  get noHeader() {
    return t('contract.esapImport.noHeader');
  },
  get noRows() {
    return t('contract.esapImport.noRows');
  },
  get badMapping() {
    return t('contract.esapImport.badMapping');
  },
  unknownColumn: (column: string) => t('contract.esapImport.unknownColumn', { column }),
  unknownField: (field: string) => t('contract.esapImport.unknownField', { field }),
  columnRequired: (label: string) => t('contract.esapImport.columnRequired', { label }),
  defaultRequired: (label: string) => t('contract.esapImport.defaultRequired', { label }),
  get actionPlanNotInAudit() {
    return t('contract.esapImport.actionPlanNotInAudit');
  },
  timetableNotDate: (text: string) => t('contract.esapImport.timetableNotDate', { text }),
  timetableNoDate: (text: string) => t('contract.esapImport.timetableNoDate', { text }),
  sectionWithoutStandard: (text: string) =>
    t('contract.esapImport.sectionWithoutStandard', { text }),
  unknownReference: (text: string) => t('contract.esapImport.unknownReference', { text }),
  statusKeptOpen: (text: string) => t('contract.esapImport.statusKeptOpen', { text }),
  unknownStatus: (text: string) => t('contract.esapImport.unknownStatus', { text }),
  alreadyImported: (itemNumber: string) => t('contract.esapImport.alreadyImported', { itemNumber }),
  repeatedInFile: (itemNumber: string, firstRow: number) =>
    t('contract.esapImport.repeatedInFile', { itemNumber, firstRow }),
  get timetableEmpty() {
    return t('contract.esapImport.timetableEmpty');
  },
  pastDue: (itemNumber: string, dueDate: string) =>
    t('contract.esapImport.pastDue', { itemNumber, dueDate }),
  get footnoteSkipped() {
    return t('contract.esapImport.footnoteSkipped');
  },
  combinedSplit: (column: string, header: string, first: string, second: string) =>
    t('contract.esapImport.combinedSplit', { column, header, first, second }),
  combinedOneField: (
    column: string,
    header: string,
    first: string,
    second: string,
    mapped: string,
  ) => t('contract.esapImport.combinedOneField', { column, header, first, second, mapped }),
  get badStatusMapping() {
    return t('contract.esapImport.badStatusMapping');
  },
  statusMappingTooLong: (max: number) => t('contract.esapImport.statusMappingTooLong', { max }),
  get provCloseNeedsReview() {
    return t('contract.esapImport.provCloseNeedsReview');
  },
  get itemNumberRequired() {
    return t('contract.esapImport.itemNumberRequired');
  },
};

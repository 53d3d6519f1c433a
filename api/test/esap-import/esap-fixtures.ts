// Realistic ESAP spreadsheets, generated with exceljs: an EBRD-style workbook (a title, a two-row
// header with merged cells, section rows, multi-line cells, dates in many forms, words where a date
// belongs, footnote markers), its CSV export, and broken ones. The API's and the browser's tests use them.
import ExcelJS from 'exceljs';

export type FixtureCell = string | number | Date | null;

/** The year after this one, so every dated item lies in the future whenever the tests run. */
export const nextYear = () => new Date().getUTCFullYear() + 1;

/** Excel's serial number of a day (days since 30 December 1899). */
export const excelSerial = (isoDate: string) =>
  Math.round((Date.parse(`${isoDate}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);

export const EBRD_HEADER_TOP = [
  'No.',
  'Action',
  'Environmental & Social Risks / Liabilities / Benefits',
  'Requirements (Legislative, EBRD PR, Best Practice)¹',
  'Resources, Responsibility',
  'Implementation',
  'Implementation',
  'Implementation',
  'Comments*',
];
export const EBRD_HEADER_BOTTOM = [
  '',
  '',
  '',
  '',
  '',
  'Timetable',
  'Completion Indicator / Target and Evaluation Criteria',
  'Status',
  '',
];

/** The body rows (below the header), as a person would type them; sections are one text in column A. */
export function ebrdBody(year = nextYear()): FixtureCell[][] {
  return [
    ['PR1 Assessment and Management of Environmental and Social Risks and Impacts'],
    [
      '1.1',
      'Develop and implement an Environmental and Social Management System (ESMS)\nin line with PR1, certified to ISO 14001',
      'No formal ESMS; E&S risks managed ad hoc',
      'EBRD PR1; national EIA law',
      'HSE Manager\nInternal resources',
      `31/12/${year}`,
      'ESMS manual approved by the Board',
      'Ongoing',
      'Consultant appointed',
    ],
    [
      '1.2',
      'Appoint a qualified E&S coordinator',
      'Limited E&S capacity',
      'PR1',
      'General Director',
      `Q3 ${year}`,
      'Coordinator in post; job description',
      'Not started',
      null,
    ],
    [
      '1.3',
      'Disclose the Stakeholder Engagement Plan',
      'Community concerns about dust',
      'PR10',
      'Communications Manager',
      'Prior to first disbursement',
      'SEP published on the company website',
      'Not started',
      null,
    ],
    ['PR2 Labour and Working Conditions'],
    [
      '2.1',
      'Adopt a grievance mechanism for workers',
      'No worker grievance channel',
      'EBRD PR2; Labour Code',
      'HR Director',
      new Date(Date.UTC(year, 2, 31)),
      'Mechanism in use; grievances logged',
      'In progress',
      null,
    ],
    [
      '2.2',
      'Review contractor labour practices',
      'Contractor workers without contracts',
      'PR2',
      'Procurement Manager',
      `Dec ${year}`,
      'Audit report of the main contractors',
      'Not started',
      null,
    ],
    [
      '2.3',
      'Provide PPE and OHS training to all workers',
      'Injuries in the rolling mill',
      'PR2, PR4',
      'OHS Manager',
      excelSerial(`${year + 1}-06-30`),
      'Training records; LTIFR below 1.0',
      'Ongoing',
      null,
    ],
    [
      '2.4',
      'Report the OHS statistics to EBRD',
      'Incidents not reported',
      'PR2',
      'OHS Manager',
      'Annually',
      'Annual Environmental and Social Report',
      'Completed',
      null,
    ],
    ['PR3 Resource Efficiency and Pollution Prevention and Control'],
    [
      '3.1',
      'Install dust filters on the furnace stack',
      'Dust emissions above permit limits',
      'PR3; national air quality law',
      null,
      `${year + 1}-03-31`,
      'Stack monitoring within limits',
      'Not started',
      null,
    ],
    [
      '3.2',
      'Prepare a water efficiency plan',
      'High water use',
      'Best practice (GIIP)',
      'Technical Director',
      `30 June ${year}`,
      'Plan approved',
      'Not started',
      null,
    ],
    ['¹ PR = EBRD Performance Requirement (2019)'],
  ];
}

/** What the EBRD fixture imports: 9 items (8 imported, 3.1 without responsibility), 3 sections. */
export const EBRD_EXPECTED = {
  items: 9,
  imported: 8,
  sections: 3,
  withErrors: 1,
  itemNumbers: ['1.1', '1.2', '1.3', '2.1', '2.2', '2.3', '2.4', '3.2'],
} as const;

const TITLE = 'Environmental and Social Action Plan (ESAP) – Danube Steel Modernisation';

/** The EBRD-style workbook: title in row 1, merged two-row header in rows 3–4, body from row 5. */
export async function ebrdWorkbook(
  options: { year?: number; body?: FixtureCell[][]; sheetsBefore?: number } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('ESAP');
  sheet.getCell('A1').value = TITLE;
  sheet.mergeCells('A1:I1');
  sheet.getRow(3).values = EBRD_HEADER_TOP.map((text, index) =>
    index >= 5 && index <= 7 ? (index === 5 ? text : null) : text,
  ) as ExcelJS.CellValue[];
  sheet.getRow(4).values = EBRD_HEADER_BOTTOM.map((text) => text || null) as ExcelJS.CellValue[];
  for (const column of ['A', 'B', 'C', 'D', 'E', 'I']) sheet.mergeCells(`${column}3:${column}4`);
  sheet.mergeCells('F3:H3');
  const body = options.body ?? ebrdBody(options.year);
  body.forEach((cells, index) => {
    const rowNumber = 5 + index;
    sheet.getRow(rowNumber).values = cells as ExcelJS.CellValue[];
    if (cells.length === 1 && !String(cells[0]).startsWith('¹')) {
      sheet.mergeCells(`A${rowNumber}:I${rowNumber}`);
    }
  });
  sheet.getColumn(2).alignment = { wrapText: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvCell = (value: FixtureCell) => {
  if (value === null) return '';
  const text =
    value instanceof Date
      ? `${String(value.getUTCDate()).padStart(2, '0')}/${String(value.getUTCMonth() + 1).padStart(2, '0')}/${value.getUTCFullYear()}`
      : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The workbook saved as CSV, as Excel saves it: merged text in its first cell only, a BOM. */
export function ebrdCsv(options: { year?: number; body?: FixtureCell[][] } = {}): Buffer {
  const top = EBRD_HEADER_TOP.map((text, index) => (index === 6 || index === 7 ? '' : text));
  const lines = [
    [TITLE],
    [],
    top,
    EBRD_HEADER_BOTTOM,
    ...(options.body ?? ebrdBody(options.year)),
  ].map((cells) => cells.map((cell) => csvCell(cell as FixtureCell)).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A plain one-row-header workbook of `count` dated items (for the row limit and bulk inserts). */
export async function manyItemsWorkbook(count: number, year = nextYear()): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('ESAP');
  sheet.addRow(['No.', 'Action', 'E&S Risk', 'Requirements', 'Responsible', 'Timetable']);
  for (let index = 1; index <= count; index += 1) {
    sheet.addRow([
      `${index}`,
      `Action ${index}`,
      `Risk ${index}`,
      'PR1',
      'HSE Manager',
      `31/12/${year}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A workbook with the given header and rows (a missing column, two columns on one field…). */
export async function simpleWorkbook(header: string[], rows: FixtureCell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('ESAP');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

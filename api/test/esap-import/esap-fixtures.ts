// Realistic ESAP spreadsheets, generated with exceljs: an EBRD-style workbook (a title, a two-row
// header with merged cells, section rows, multi-line cells, dates in many forms, words where a date
// belongs, footnote markers), its CSV export, and broken ones; and hostile files (a zip bomb, 100,000
// rows, a line of 9 MB of commas) written straight as bytes. The API's and the browser's tests use them.
import zlib from 'node:zlib';
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

/** A zip entry as stored: the unpacked size and CRC are what its headers declare, true or not. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  stored: Buffer;
  crc: number;
  size: number;
}

/** The entries of a zip as exceljs writes one (no Zip64, sizes in the central directory). */
export function zipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries: ZipEntry[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index += 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10) as 0 | 8,
      stored: zip.subarray(start, start + zip.readUInt32LE(at + 20)),
      crc: zip.readUInt32LE(at + 16),
      size: zip.readUInt32LE(at + 24),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** A zip of the entries, each local and central header declaring the entry's `crc` and `size`. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.stored.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.stored);
    centrals.push(central, name);
    offset += local.length + name.length + entry.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An entry deflated, declaring its true size and CRC. */
export function deflatedEntry(name: string, content: string | Buffer): ZipEntry {
  const bytes = Buffer.from(content);
  return {
    name,
    method: 8,
    stored: zlib.deflateRawSync(bytes),
    crc: zlib.crc32(bytes),
    size: bytes.length,
  };
}

/** The workbook with the entries of the same names replaced. */
export function withEntries(workbook: Buffer, replaced: readonly ZipEntry[]): Buffer {
  const byName = new Map(replaced.map((entry) => [entry.name, entry]));
  return zipOf(zipEntries(workbook).map((entry) => byName.get(entry.name) ?? entry));
}

/**
 * `bytes` spaces deflated without ever holding them: one 16 MB block compressed once and repeated
 * (flushed so each copy ends on a byte and is not the last), then an empty last block.
 */
export function deflatedSpaces(bytes: number): Buffer {
  const block = 16 * 1024 * 1024;
  const copy = zlib.deflateRawSync(Buffer.alloc(block, ' '), {
    level: 9,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  const copies = Array.from({ length: Math.ceil(bytes / block) }, () => copy);
  return Buffer.concat([...copies, Buffer.from([0x03, 0x00])]);
}

/**
 * A zip bomb: the EBRD workbook whose sheet declares 1 KB and unpacks to `bytes` (1.5 GB) of
 * spaces; about 1.5 MB in all.
 */
export async function zipBombWorkbook(bytes = 1.5 * 1024 ** 3): Promise<Buffer> {
  const sheet: ZipEntry = {
    name: 'xl/worksheets/sheet1.xml',
    method: 8,
    stored: deflatedSpaces(bytes),
    crc: 0,
    size: 1024,
  };
  return withEntries(await ebrdWorkbook(), [sheet]);
}

const inlineCell = (reference: string, text: string) =>
  `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * A workbook of a header and `rows` items whose sheet is written straight as XML (exceljs takes
 * half a minute to write 100,000 rows), every size declared truly.
 */
export async function bigSheetWorkbook(rows: number, year = nextYear()): Promise<Buffer> {
  const header = ['No.', 'Action', 'E&amp;S Risk', 'Requirements', 'Responsible', 'Timetable'];
  const columns = ['A', 'B', 'C', 'D', 'E', 'F'];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    `<row r="1">${header.map((text, index) => inlineCell(`${columns[index]}1`, text)).join('')}</row>`,
  ];
  for (let index = 1; index <= rows; index += 1) {
    const number = index + 1;
    const texts = [
      `${index}`,
      `Action ${index}`,
      `Risk ${index}`,
      'PR1',
      'HSE Manager',
      `31/12/${year}`,
    ];
    lines.push(
      `<row r="${number}">${texts.map((text, column) => inlineCell(`${columns[column]}${number}`, text)).join('')}</row>`,
    );
  }
  lines.push('</sheetData></worksheet>');
  const sheet = deflatedEntry('xl/worksheets/sheet1.xml', lines.join(''));
  return withEntries(await simpleWorkbook(['No.'], []), [sheet]);
}

/** The same items as CSV. */
export function bigSheetCsv(rows: number, year = nextYear()): Buffer {
  const lines = ['No.,Action,E&S Risk,Requirements,Responsible,Timetable'];
  for (let index = 1; index <= rows; index += 1) {
    lines.push(`${index},Action ${index},Risk ${index},PR1,HSE Manager,31/12/${year}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * A workbook whose shared strings hold `count` one-letter strings (about 20 bytes each unpacked),
 * every size declared truly.
 */
export async function sharedStringsWorkbook(count: number): Promise<Buffer> {
  const strings = `<si><t>x</t></si>`.repeat(count);
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">${strings}</sst>`;
  return withEntries(await ebrdWorkbook(), [deflatedEntry('xl/sharedStrings.xml', xml)]);
}

/** A hostile upload and how the import refuses it: while reading, with a message naming the limit. */
export interface HostileFile {
  name: string;
  fileName: string;
  build: () => Promise<Buffer>;
  status: number;
  message: string;
}

const once = (build: () => Promise<Buffer> | Buffer) => {
  let built: Promise<Buffer> | undefined;
  return () => (built ??= Promise.resolve(build()));
};

const unpackedTooLarge =
  'The workbook unpacks to more than 100 MB; at most 100 MB can be read. Remove images or other sheets, or save it as CSV.';
const tooManyRowsToRead =
  'The spreadsheet has more than 10,000 rows, empty ones included; at most 2,000 can be imported at once.';

/** The files of the issue "Holds under abuse and faults" and their kin, each built once. */
export const HOSTILE_FILES: readonly HostileFile[] = [
  {
    name: 'a zip bomb (its sheet declares 1 KB and holds 1.5 GB)',
    fileName: 'esap.xlsx',
    build: once(() => zipBombWorkbook()),
    status: 413,
    message: unpackedTooLarge,
  },
  {
    name: 'shared strings that truly unpack to 110 MB',
    fileName: 'esap.xlsx',
    build: once(() => sharedStringsWorkbook(6_500_000)),
    status: 413,
    message: unpackedTooLarge,
  },
  {
    name: 'a workbook of 100,000 rows',
    fileName: 'esap.xlsx',
    build: once(() => bigSheetWorkbook(100_000)),
    status: 413,
    message: tooManyRowsToRead,
  },
  {
    name: 'a CSV of 100,000 rows',
    fileName: 'esap.csv',
    build: once(() => bigSheetCsv(100_000)),
    status: 413,
    message: tooManyRowsToRead,
  },
  {
    name: 'a CSV of 9 MB of commas on one line',
    fileName: 'esap.csv',
    build: once(() => Buffer.alloc(9 * 1024 * 1024, ',')),
    status: 413,
    message:
      'A row of the file has more than 1,000,000 characters; at most 1,000,000 can be read in one row.',
  },
  {
    name: 'a CSV of 9 MB of commas on 150,000 lines',
    fileName: 'esap.csv',
    build: once(() => Buffer.from(`${','.repeat(62)}\n`.repeat(150_000))),
    status: 413,
    message: tooManyRowsToRead,
  },
];

/**
 * A French lender's ESAP (an IFC project): a title, the lender's English headers, French cells; a
 * combined 'Status / Responsibility' column whose every cell splits ('En cours / Responsable HSE'),
 * statuses the import does not know ('Non commencé', 'Achevé', 'Recurring') and a 'Resources /
 * Investment Needs' column of its own.
 */
export async function frenchEsapWorkbook(year = nextYear()): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('PAES');
  sheet.getCell('A1').value = "Plan d'action environnemental et social (PAES) – Sahel Ciment";
  sheet.addRow([]);
  sheet.addRow([
    'No.',
    'Action',
    'E&S Risk',
    'Performance Standard',
    'Resources / Investment Needs',
    'Status / Responsibility',
    'Timetable',
  ]);
  const rows: FixtureCell[][] = [
    [
      '1.1',
      'Mettre en place un SGES conforme à la NP1',
      'Pas de SGES formel',
      'PS1',
      'Consultant EUR 15 000',
      'En cours / Responsable HSE',
      `31/12/${year}`,
    ],
    [
      '2.1',
      'Installer des dispositifs de consignation (LOTO)',
      'Accidents de maintenance',
      'PS2; PS4',
      'LOTO equipment EUR 20,000',
      'Non commencé / Directeur technique',
      `30/06/${year}`,
    ],
    [
      '3.1',
      'Suivi trimestriel des poussières',
      'Émissions de poussières',
      'PS3',
      'Interne',
      'Recurring / Responsable environnement',
      'Trimestriel',
    ],
    [
      '6.1',
      'Plan de gestion de la biodiversité',
      'Zone humide voisine',
      'PS6',
      'EUR 40 000',
      'Achevé / Responsable environnement',
      `31/03/${year}`,
    ],
  ];
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A Turkish lender's ESAP (an EBRD project): a combined 'Responsibility & Timing' column whose cells
 * do not all split ('İSG Müdürü; Q3 2027' but also 'Genel Müdür' alone), a 'Status' column of
 * Turkish and unknown statuses ('Devam ediyor', 'Tender stage', 'Tamamlandı'), a 'Budget' column.
 */
export async function turkishEsapWorkbook(year = nextYear()): Promise<Buffer> {
  return simpleWorkbook(
    [
      'Ref',
      'Corrective Action',
      'Finding',
      'PR',
      'Budget',
      'Responsibility & Timing',
      'Status',
      'Comments',
    ],
    [
      [
        '1',
        'Çevresel ve sosyal yönetim sistemi kurulması',
        'ÇSYS yok',
        'PR1',
        'Şirket içi',
        `İSG Müdürü; Q3 ${year}`,
        'Devam ediyor',
        null,
      ],
      [
        '2',
        'İşçi şikâyet mekanizması',
        'Şikâyet mekanizması yok',
        'PR2',
        'TRY 50.000',
        'Genel Müdür',
        'Tender stage',
        'İhale hazırlanıyor',
      ],
      [
        '3',
        'Paydaş katılım planının yayımlanması',
        'Açıklama eksik',
        'PR10',
        null,
        `Kurumsal İletişim; Q4 ${year}`,
        'Tamamlandı',
        null,
      ],
    ],
  );
}

// Two lenders' own ESAP workbooks, styled as lenders style them, for the workbook written back
// (docs/decisions/0093-esap-back-in-the-lenders-layout.md):
//   - an EBRD-style one in English: a three-line title block, a two-row header merged over both rows
//     and over 'Implementation', PR section rows merged across the table, its own Status column,
//     borders, fills, wrapped text and column widths;
//   - a French one (an IFC project): a two-line title block, a one-row header in French, different
//     columns (a cost column, no status column), IFC PS section rows.
import ExcelJS from 'exceljs';
import type { FixtureCell } from './esap-fixtures';

const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};
const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF1F4E79' },
};
const SECTION_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFD9E1F2' },
};

export const EBRD_LAYOUT_TITLE =
  'Environmental and Social Action Plan (ESAP) – Karadeniz Çimento Line 2 Modernisation';
export const EBRD_LAYOUT_PROJECT =
  'Client: Karadeniz Çimento Sanayi ve Ticaret A.Ş. · EBRD Op ID 51234 · Category B';
export const EBRD_LAYOUT_AGREED = 'Agreed at signing, 14 March 2026 (Rev 0)';

export const EBRD_LAYOUT_TOP = [
  'No.',
  'Action',
  'Environmental & Social Risks / Liabilities / Benefits',
  'Requirements (Legislative, EBRD PR, Best Practice)',
  'Responsibility',
  'Implementation',
  'Implementation',
  'Status',
];
export const EBRD_LAYOUT_BOTTOM = [
  null,
  null,
  null,
  null,
  null,
  'Timetable',
  'Completion Indicator / Target and Evaluation Criteria',
  null,
];

/** The EBRD-style ESAP's body rows: sections are one text in column A, merged across A:H. */
export function ebrdLayoutBody(year: number, past: string): FixtureCell[][] {
  return [
    ['PR1 Assessment and Management of Environmental and Social Risks and Impacts'],
    [
      '1.1',
      'Develop and implement an Environmental and Social Management System (ESMS) in line with PR1',
      'No formal ESMS; E&S risks managed ad hoc by the plant manager',
      'EBRD PR1',
      'HSE Manager',
      `31/12/${year}`,
      'ESMS manual approved by the Board',
      'Ongoing',
    ],
    [
      '1.2',
      'Appoint a qualified E&S coordinator reporting to the General Director',
      'Limited E&S capacity',
      'EBRD PR1',
      'General Director',
      past,
      'Coordinator in post',
      'Not started',
    ],
    ['PR2 Labour and Working Conditions'],
    [
      '2.1',
      'Establish a grievance mechanism for workers, including contractors’ workers',
      'No grievance mechanism',
      'EBRD PR2; Labour Law 4857',
      'HR Director',
      `30/09/${year}`,
      'Mechanism in place and communicated',
      'Not started',
    ],
    [
      '2.2',
      'Audit the subcontractors’ working conditions on the quarry site',
      'Contractor labour risks',
      'EBRD PR2',
      'Procurement Manager',
      `31/12/${year}`,
      'Audit report',
      'Tender stage',
    ],
    ['PR4 Health and Safety'],
    [
      '4.1',
      'Install lock-out/tag-out devices on the kiln and the cement mills',
      'Maintenance accidents',
      'EBRD PR4',
      'Technical Director',
      `30/06/${year}`,
      'LOTO procedure and devices',
      'Ongoing',
    ],
    ['Note: PR = EBRD Performance Requirement (2019)'],
  ];
}

/** Rows 1–3 title block, row 4 empty, header rows 5–6, body from row 7. */
export const EBRD_LAYOUT_HEADER_ROWS = [5, 6];

export async function ebrdLayoutWorkbook(
  year: number,
  past: string,
  body = ebrdLayoutBody(year, past),
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('ESAP');
  sheet.columns = [8, 48, 34, 24, 22, 14, 30, 14].map((width) => ({ width }));
  sheet.getCell('A1').value = EBRD_LAYOUT_TITLE;
  sheet.getCell('A1').font = { bold: true, size: 14, color: { argb: 'FF1F4E79' } };
  sheet.mergeCells('A1:H1');
  sheet.getCell('A2').value = EBRD_LAYOUT_PROJECT;
  sheet.mergeCells('A2:H2');
  sheet.getCell('A3').value = EBRD_LAYOUT_AGREED;
  sheet.getCell('A3').font = { italic: true };
  sheet.getRow(5).values = EBRD_LAYOUT_TOP.map((text, index) =>
    index === 6 ? null : text,
  ) as ExcelJS.CellValue[];
  sheet.getRow(6).values = EBRD_LAYOUT_BOTTOM as ExcelJS.CellValue[];
  for (const number of EBRD_LAYOUT_HEADER_ROWS) {
    for (let column = 1; column <= 8; column += 1) {
      const cell = sheet.getRow(number).getCell(column);
      cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
      cell.fill = HEADER_FILL;
      cell.border = THIN;
      cell.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    }
  }
  for (const column of ['A', 'B', 'C', 'D', 'E', 'H']) sheet.mergeCells(`${column}5:${column}6`);
  sheet.mergeCells('F5:G5');
  body.forEach((cells, index) => {
    const number = 7 + index;
    const row = sheet.getRow(number);
    row.values = cells as ExcelJS.CellValue[];
    if (cells.length === 1) {
      if (String(cells[0]).startsWith('Note')) {
        row.getCell(1).font = { italic: true, size: 9 };
        return;
      }
      sheet.mergeCells(`A${number}:H${number}`);
      row.getCell(1).font = { bold: true };
      row.getCell(1).fill = SECTION_FILL;
      return;
    }
    for (let column = 1; column <= 8; column += 1) {
      row.getCell(column).border = THIN;
      row.getCell(column).alignment = { wrapText: true, vertical: 'top' };
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const FRENCH_LAYOUT_TITLE =
  "Plan d'action environnemental et social (PAES) – Cimenterie du Sahel";
export const FRENCH_LAYOUT_PROJECT = 'Projet : Ligne 3 · Prêteur : IFC · Version du 2 février 2026';
export const FRENCH_LAYOUT_HEADER = [
  'N°',
  'Mesure',
  'Risque E&S',
  'Exigence',
  'Coût',
  'Responsable',
  'Échéance',
  'Indicateur de réalisation',
];

/** The French ESAP's body: IFC PS section rows, then items; due dates typed as dates. */
export function frenchLayoutBody(year: number): FixtureCell[][] {
  return [
    ['NP1 – Évaluation et gestion des risques (PS1)'],
    [
      'A.1',
      'Mettre en place un SGES conforme à la NP1 et le faire certifier ISO 14001',
      'Pas de SGES formel',
      'IFC PS1',
      'EUR 15 000',
      'Responsable HSE',
      new Date(Date.UTC(year, 2, 31)),
      'Manuel du SGES approuvé',
    ],
    [
      'A.2',
      'Former l’équipe de direction à la gestion des risques E&S',
      'Compétences E&S insuffisantes',
      'IFC PS1',
      'Interne',
      'Directeur général',
      new Date(Date.UTC(year, 5, 30)),
      'Attestations de formation',
    ],
    ['NP3 – Utilisation rationnelle des ressources et prévention de la pollution (PS3)'],
    [
      'C.1',
      'Installer des filtres à manches sur le broyeur à cru et suivre les poussières chaque trimestre',
      'Émissions de poussières au-delà des valeurs de la SFI',
      'IFC PS3',
      'EUR 240 000',
      'Directeur technique',
      new Date(Date.UTC(year, 8, 30)),
      'Rapports de mesure conformes',
    ],
  ];
}

/** Rows 1–2 title block, row 3 empty, header row 4, body from row 5. */
export async function frenchLayoutWorkbook(year: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('PAES');
  sheet.columns = [7, 50, 30, 12, 14, 22, 13, 30].map((width) => ({ width }));
  sheet.getCell('A1').value = FRENCH_LAYOUT_TITLE;
  sheet.getCell('A1').font = { bold: true, size: 13 };
  sheet.getCell('A2').value = FRENCH_LAYOUT_PROJECT;
  const header = sheet.getRow(4);
  header.values = FRENCH_LAYOUT_HEADER;
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = SECTION_FILL;
    cell.border = THIN;
  });
  frenchLayoutBody(year).forEach((cells, index) => {
    const number = 5 + index;
    const row = sheet.getRow(number);
    row.values = cells as ExcelJS.CellValue[];
    if (cells.length === 1) {
      row.getCell(1).font = { bold: true, italic: true };
      return;
    }
    row.getCell(7).numFmt = 'dd/mm/yyyy';
    for (let column = 1; column <= 8; column += 1) row.getCell(column).border = THIN;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

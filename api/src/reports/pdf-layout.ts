// The report PDF's page and its flowing table: every page carries the footer (company, period, as-of
// date, revision, page number); a table's rows are wrapped into lines and break across pages like a
// spreadsheet printout, its header repeated, never left alone at a page's foot
// (docs/decisions/0092-monitoring-report-in-the-lenders-layout.md).

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 32;
const FOOTER_HEIGHT = 18;
export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const HEADER_FILL = '#e5e7eb';
export const SECTION_FILL = '#eef2f7';
export const PLAN_FILL = '#d7e0ec';
export const TOTAL_FILL = '#f3f4f6';
// DejaVu Sans Condensed, embedded (only the glyphs used): PDF's standard fonts know Western European
// text only, and a company in Łódź, Zürich or Almaty must read as it is spelled.
export const FONT = 'Body';
export const BOLD = 'Body-Bold';
export const FONT_FILES = {
  [FONT]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  [BOLD]: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
};
/** The form fields' font: a standard one, which every reader can write any typed text with. */
export const FORM_FONT = 'Helvetica';
/** A cell longer than this is cut in the PDF (the workbook keeps every word). */
const MAX_CELL_CHARACTERS = 1500;
const PADDING = 3;
/** A row is split at a page's foot only when at least this many of its lines fit there. */
const MIN_LINES_AT_FOOT = 3;

/**
 * Text of the report: every character the embedded font has, control characters other than line
 * breaks left out.
 */
// eslint-disable-next-line no-control-regex
export const clean = (text: string) => text.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '');

const cut = (text: string) =>
  text.length > MAX_CELL_CHARACTERS ? `${text.slice(0, MAX_CELL_CHARACTERS - 1)}…` : text;

/** The longest prefix of `word` that fits `width` in the current font (a word longer than a cell). */
function fittingPrefix(doc: Doc, word: string, width: number): number {
  let low = 1;
  let high = word.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(word.slice(0, middle)) <= width) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The text as the lines it takes in `width` with the current font and size. */
export function wrap(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of clean(cut(text)).split('\n')) {
    let line = '';
    for (const piece of paragraph.split(/ +/)) {
      let word = piece;
      while (word.length > 1 && doc.widthOfString(word) > width) {
        if (line) lines.push(line);
        line = '';
        const length = fittingPrefix(doc, word, width);
        lines.push(word.slice(0, length));
        word = word.slice(length);
      }
      const candidate = line ? `${line} ${word}` : word;
      if (!line || doc.widthOfString(candidate) <= width) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

export interface PageFooter {
  left: string;
  /** The right side of a page's footer, with its number. */
  right: (page: number) => string;
  /** Said of a row split across pages. */
  continued: string;
}

/** The document and where its content may go; adds pages with their footer. */
export class ReportPage {
  private pageNumber = 0;
  readonly contentBottom: number;

  constructor(
    readonly doc: Doc,
    private readonly footerText: PageFooter,
  ) {
    this.contentBottom = doc.page.height - MARGIN - FOOTER_HEIGHT;
    this.footer();
    doc.on('pageAdded', () => this.footer());
  }

  get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  /** Said of a row split across pages, in the report's words. */
  get continued() {
    return this.footerText.continued;
  }

  get pages() {
    return this.pageNumber;
  }

  /** Room left on the page below the cursor. */
  get room() {
    return this.contentBottom - this.doc.y;
  }

  private footer() {
    this.pageNumber += 1;
    const { doc } = this;
    const y = doc.page.height - MARGIN - 8;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(doc.page.width - MARGIN, y - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    const right = clean(this.footerText.right(this.pageNumber));
    doc.font(FONT).fontSize(7.5).fillColor(MUTED);
    // The left side gives way to the right one (longer in two languages).
    const rightWidth = Math.max(80, doc.widthOfString(right));
    doc
      .text(clean(this.footerText.left), MARGIN, y, {
        width: this.width - rightWidth - 10,
        height: 10,
        lineBreak: false,
        ellipsis: true,
      })
      .text(right, MARGIN, y, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.x = MARGIN;
    doc.y = MARGIN;
    doc.fillColor(INK);
  }

  newPage() {
    this.doc.addPage();
  }

  /** A new page unless `height` fits below the cursor. */
  ensureRoom(height: number) {
    if (this.room < height) this.newPage();
  }

  heading(text: string, size = 14) {
    this.ensureRoom(70);
    const { doc } = this;
    doc.font(BOLD).fontSize(size).fillColor(INK);
    this.lines(wrap(doc, text, this.width), MARGIN, this.width);
    doc.y += 4;
  }

  /** Lines drawn one by one from the cursor (no automatic page break). */
  private lines(lines: string[], x: number, width: number) {
    const { doc } = this;
    const height = doc.currentLineHeight(true);
    for (const line of lines) {
      const y = doc.y;
      doc.text(line, x, y, { width, lineBreak: false });
      doc.y = y + height;
    }
    doc.x = MARGIN;
  }

  /** A paragraph that flows across pages, line by line. */
  paragraph(text: string, options: { size?: number; colour?: string; bold?: boolean } = {}) {
    const { doc } = this;
    doc
      .font(options.bold ? BOLD : FONT)
      .fontSize(options.size ?? 9)
      .fillColor(options.colour ?? INK);
    const lineHeight = doc.currentLineHeight(true);
    for (const line of wrap(doc, text, this.width)) {
      if (this.room < lineHeight) {
        this.newPage();
        doc
          .font(options.bold ? BOLD : FONT)
          .fontSize(options.size ?? 9)
          .fillColor(options.colour ?? INK);
      }
      const y = doc.y;
      doc.text(line, MARGIN, y, { width: this.width, lineBreak: false });
      doc.y = y + lineHeight;
    }
    doc.fillColor(INK);
    doc.y += 3;
  }

  note(text: string) {
    this.paragraph(text, { size: 8.5, colour: MUTED });
  }
}

export interface TableColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export interface TableRow {
  cells: string[];
  /** A plan's or a section's row spans the table; a total row is drawn bold on grey. */
  kind?: 'row' | 'plan' | 'section' | 'total';
  /** The first paragraph of the `colourColumn` cell drawn bold in this colour (a status). */
  colour?: string;
  colourColumn?: number;
}

/**
 * Draws a table whose rows take the lines their text needs and break across pages; the header is
 * repeated on each page and never drawn without the start of a row below it; a section row is never
 * left at a page's foot without the start of its first item. Returns the pages it started on and
 * ended on.
 */
export function drawTable(
  page: ReportPage,
  columns: TableColumn[],
  rows: TableRow[],
  fontSize = 8,
): { firstPage: number; lastPage: number } {
  const { doc } = page;
  const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
  doc.font(FONT).fontSize(fontSize);
  const lineHeight = doc.currentLineHeight(true);

  doc.font(BOLD).fontSize(fontSize);
  const headerLines = columns.map((column) => wrap(doc, column.header, column.width - 2 * PADDING));
  const headerHeight =
    Math.max(...headerLines.map((lines) => lines.length)) * lineHeight + 2 * PADDING;

  const drawHeader = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, tableWidth, headerHeight).fill(HEADER_FILL);
    doc.font(BOLD).fontSize(fontSize).fillColor(INK);
    let x = MARGIN;
    columns.forEach((column, index) => {
      headerLines[index]!.forEach((line, lineIndex) => {
        doc.text(line, x + PADDING, y + PADDING + lineIndex * lineHeight, {
          width: column.width - 2 * PADDING,
          align: column.align ?? 'left',
          lineBreak: false,
        });
      });
      x += column.width;
    });
    doc.y = y + headerHeight;
  };

  const newPageWithHeader = () => {
    page.newPage();
    drawHeader();
  };

  const linesFitting = () => Math.floor((page.room - 2 * PADDING) / lineHeight);

  // The header with at least the start of the first row.
  if (page.room < headerHeight + 2 * PADDING + MIN_LINES_AT_FOOT * lineHeight) page.newPage();
  const firstPage = page.pages;
  drawHeader();

  /** How many lines of a row's coloured cell its first paragraph took. */
  const colouredCount = new Map<TableRow, number>();
  const colouredLines = (row: TableRow, lines: string[]) =>
    colouredCount.get(row) ?? Math.min(1, lines.length);

  const drawLines = (
    row: TableRow,
    cellLines: string[][],
    from: number,
    to: number,
    continued: boolean,
  ) => {
    const y = doc.y;
    const height = (to - from) * lineHeight + 2 * PADDING;
    const fill =
      row.kind === 'plan'
        ? PLAN_FILL
        : row.kind === 'section'
          ? SECTION_FILL
          : row.kind === 'total'
            ? TOTAL_FILL
            : null;
    if (fill) doc.rect(MARGIN, y, tableWidth, height).fill(fill);
    const spans = row.kind === 'section' || row.kind === 'plan';
    let x = MARGIN;
    (spans ? [tableWidth] : columns.map((column) => column.width)).forEach((width, index) => {
      const lines = cellLines[index] ?? [];
      for (let line = from; line < Math.min(to, lines.length); line += 1) {
        const coloured =
          row.colour && index === (row.colourColumn ?? 0) && line < colouredLines(row, lines);
        doc
          .font(coloured || (row.kind && row.kind !== 'row') ? BOLD : FONT)
          .fontSize(fontSize)
          .fillColor(coloured ? row.colour! : INK)
          .text(lines[line]!, x + PADDING, y + PADDING + (line - from) * lineHeight, {
            width: width - 2 * PADDING,
            align: spans ? 'left' : (columns[index]!.align ?? 'left'),
            lineBreak: false,
          });
      }
      x += width;
    });
    doc.lineWidth(0.4).strokeColor(RULE);
    doc.rect(MARGIN, y, tableWidth, height).stroke();
    if (!spans) {
      let divider = MARGIN;
      for (const column of columns.slice(0, -1)) {
        divider += column.width;
        doc
          .moveTo(divider, y)
          .lineTo(divider, y + height)
          .stroke();
      }
    }
    if (continued) {
      doc
        .font(FONT)
        .fontSize(6)
        .fillColor(MUTED)
        .text(page.continued, MARGIN + tableWidth - 80, y + height - 7, {
          width: 78,
          align: 'right',
          lineBreak: false,
        });
    }
    doc.fillColor(INK);
    doc.x = MARGIN;
    doc.y = y + height;
  };

  rows.forEach((row, rowIndex) => {
    const spans = row.kind === 'section' || row.kind === 'plan';
    const widths = spans ? [tableWidth] : columns.map((column) => column.width);
    const cellLines = row.cells.slice(0, widths.length).map((cell, index) => {
      const width = widths[index]! - 2 * PADDING;
      if (row.colour && index === (row.colourColumn ?? 0)) {
        // The coloured paragraph is wrapped in the bold it is drawn in.
        const [first = ' ', ...rest] = (cell || ' ').split('\n');
        doc.font(BOLD).fontSize(fontSize);
        const head = wrap(doc, first || ' ', width);
        colouredCount.set(row, head.length);
        doc.font(FONT).fontSize(fontSize);
        return rest.length > 0 ? [...head, ...wrap(doc, rest.join('\n'), width)] : head;
      }
      doc.font(spans || row.kind === 'total' ? BOLD : FONT).fontSize(fontSize);
      return wrap(doc, cell || ' ', width);
    });
    const total = Math.max(...cellLines.map((lines) => lines.length));
    if (spans) {
      // A plan's or section's row keeps the start of what follows it below it.
      const next = rows[rowIndex + 1];
      const following = next ? MIN_LINES_AT_FOOT + (next.kind === 'section' ? 1 : 0) : 0;
      if (linesFitting() < total + following + 2) newPageWithHeader();
      drawLines(row, cellLines, 0, total, false);
      return;
    }
    let from = 0;
    // Just below a header: a row taller than the room left is split, never moved on again.
    let fresh = rowIndex === 0;
    while (from < total) {
      const fitting = linesFitting();
      const left = total - from;
      if (fitting >= left) {
        drawLines(row, cellLines, from, total, false);
        from = total;
      } else if (fresh || (fitting >= MIN_LINES_AT_FOOT && left - fitting >= 2)) {
        const shown = Math.max(1, fitting);
        drawLines(row, cellLines, from, from + shown, true);
        from += shown;
        newPageWithHeader();
        fresh = true;
      } else {
        newPageWithHeader();
        fresh = true;
      }
    }
  });
  return { firstPage, lastPage: page.pages };
}

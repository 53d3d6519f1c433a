// The report PDF's page and its flowing table: every page carries the footer (company, period, as-of
// date, revision, page number); a table's rows are wrapped into lines and break across pages like a
// spreadsheet printout, its header repeated, never left alone at a page's foot
// (docs/decisions/0092-monitoring-report-in-the-lenders-layout.md). Text holding right-to-left
// script (Arabic, Hebrew) is drawn run by run in the order the bidirectional algorithm gives; a
// right-to-left paragraph starts at the right, and an Arabic report's page is mirrored, its tables'
// columns and its boxes laid out from the right (docs/decisions/0109-languages.md).
import { directionOf, hasRightToLeft, visualRuns, type Direction } from './bidi-lines';

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

/** A line of a paragraph, with the paragraph's direction. */
export interface Line {
  text: string;
  direction: Direction;
}

/**
 * A paragraph's direction: right to left in a report written right to left (Arabic), else that of
 * its first letter of a strong direction (a gap named in Hebrew in an English report).
 */
export const paragraphDirection = (paragraph: string, rightToLeft: boolean): Direction =>
  rightToLeft ? 'rtl' : directionOf(paragraph);

/** The text as the lines it takes in `width` with the current font and size. */
export function wrap(doc: Doc, text: string, width: number, rightToLeft = false): Line[] {
  const lines: Line[] = [];
  for (const paragraph of clean(cut(text)).split('\n')) {
    const direction = paragraphDirection(paragraph, rightToLeft);
    const push = (text: string) => lines.push({ text, direction });
    let line = '';
    for (const piece of paragraph.split(/ +/)) {
      let word = piece;
      while (word.length > 1 && doc.widthOfString(word) > width) {
        if (line) push(line);
        line = '';
        const length = fittingPrefix(doc, word, width);
        push(word.slice(0, length));
        word = word.slice(length);
      }
      const candidate = line ? `${line} ${word}` : word;
      if (!line || doc.widthOfString(candidate) <= width) line = candidate;
      else {
        push(line);
        line = word;
      }
    }
    push(line);
  }
  return lines;
}

/**
 * Draws one line at `x`, `y` with pdfkit's options (`width`, `align`, `ellipsis`). A line without
 * right-to-left script in a left-to-right paragraph is pdfkit's own text. Else its runs are drawn
 * one by one from the left: a right-to-left run is given in the order it is read (the font reader
 * joins its letters and lays it out right to left), digits and Latin words as they are. Alignment is
 * taken from the paragraph's start: in a right-to-left one, left-aligned text is drawn at the
 * right and right-aligned at the left.
 */
export function writeLine(
  doc: Doc,
  line: Line,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions,
) {
  if (line.direction === 'ltr' && !hasRightToLeft(line.text)) {
    doc.text(line.text, x, y, options);
    return;
  }
  let text = line.text;
  const width = options.width ?? doc.widthOfString(text);
  if (options.ellipsis && doc.widthOfString(text) > width) {
    const room = width - doc.widthOfString('…');
    text = `${text.slice(0, room > 0 ? fittingPrefix(doc, text, room) : 0).trimEnd()}…`;
  }
  // pdfkit lays a text out word by word, left to right, unless given font features: each run is
  // laid out whole.
  const whole = { features: [] };
  const runs = visualRuns(text, line.direction).map((run) => {
    // A right-to-left run without a right-to-left letter (signs, spaces) is laid out by the font
    // reader left to right: it is given already reversed.
    const shown =
      run.direction === 'rtl' && !hasRightToLeft(run.text)
        ? [...run.text].reverse().join('')
        : run.text;
    return { shown, width: doc.widthOfString(shown, whole) };
  });
  const total = runs.reduce((sum, run) => sum + run.width, 0);
  const atRight = (line.direction === 'rtl') !== (options.align === 'right');
  let left = options.align === 'center' ? x + (width - total) / 2 : atRight ? x + width - total : x;
  for (const run of runs) {
    doc.text(run.shown, left, y, { ...whole, lineBreak: false });
    left += run.width;
  }
  doc.x = x;
  doc.y = y + doc.currentLineHeight(true);
}

/**
 * Draws a text wrapped in `options.width`, at most `options.height` high (its last line then cut
 * with '…'), and moves the cursor below it. Text without right-to-left script in a left-to-right
 * report is pdfkit's own.
 */
export function writeBlock(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: { width: number; height?: number; ellipsis?: boolean },
  rightToLeft: boolean,
) {
  if (!rightToLeft && !hasRightToLeft(text)) {
    doc.text(text, x, y, options);
    return;
  }
  const lineHeight = doc.currentLineHeight(true);
  const lines = wrap(doc, text, options.width, rightToLeft);
  const fitting =
    options.height === undefined
      ? lines.length
      : Math.max(1, Math.floor(options.height / lineHeight));
  const shown = lines.slice(0, fitting);
  shown.forEach((line, index) => {
    const last = index === shown.length - 1 && lines.length > shown.length;
    writeLine(doc, last ? { ...line, text: `${line.text}…` } : line, x, y + index * lineHeight, {
      width: options.width,
      lineBreak: false,
      ellipsis: true,
    });
  });
  doc.x = x;
  doc.y = y + shown.length * lineHeight;
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
    /** The report's own words are written right to left (Arabic): its pages are mirrored. */
    readonly rightToLeft = false,
  ) {
    this.contentBottom = doc.page.height - MARGIN - FOOTER_HEIGHT;
    this.footer();
    doc.on('pageAdded', () => this.footer());
  }

  get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  /**
   * Where a box at `x` (counted from the page's left) and `width` wide goes: there, or, on a
   * mirrored page, as far from the right.
   */
  place(x: number, width: number) {
    return this.rightToLeft ? this.doc.page.width - x - width : x;
  }

  /** One line of text (its paragraph's direction its own, or the report's). */
  write(text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions) {
    writeLine(
      this.doc,
      { text, direction: paragraphDirection(text, this.rightToLeft) },
      x,
      y,
      options,
    );
  }

  /** A text wrapped in `options.width`; the cursor moves below it. */
  writeBlock(
    text: string,
    x: number,
    y: number,
    options: { width: number; height?: number; ellipsis?: boolean },
  ) {
    writeBlock(this.doc, text, x, y, options, this.rightToLeft);
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
    const leftWidth = this.width - rightWidth - 10;
    this.write(clean(this.footerText.left), this.place(MARGIN, leftWidth), y, {
      width: leftWidth,
      height: 10,
      lineBreak: false,
      ellipsis: true,
    });
    this.write(right, MARGIN, y, {
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
    this.lines(wrap(doc, text, this.width, this.rightToLeft), MARGIN, this.width);
    doc.y += 4;
  }

  /** Lines drawn one by one from the cursor (no automatic page break). */
  private lines(lines: Line[], x: number, width: number) {
    const { doc } = this;
    const height = doc.currentLineHeight(true);
    for (const line of lines) {
      const y = doc.y;
      writeLine(doc, line, x, y, { width, lineBreak: false });
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
    for (const line of wrap(doc, text, this.width, this.rightToLeft)) {
      if (this.room < lineHeight) {
        this.newPage();
        doc
          .font(options.bold ? BOLD : FONT)
          .fontSize(options.size ?? 9)
          .fillColor(options.colour ?? INK);
      }
      const y = doc.y;
      writeLine(doc, line, MARGIN, y, { width: this.width, lineBreak: false });
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
  const { doc, rightToLeft } = page;
  const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
  /** Where the table's box starts, and where each column's starts (mirrored on a mirrored page). */
  const tableX = page.place(MARGIN, tableWidth);
  const columnXs = columns.map((column, index) =>
    page.place(
      MARGIN + columns.slice(0, index).reduce((sum, before) => sum + before.width, 0),
      column.width,
    ),
  );
  doc.font(FONT).fontSize(fontSize);
  const lineHeight = doc.currentLineHeight(true);

  doc.font(BOLD).fontSize(fontSize);
  const headerLines = columns.map((column) =>
    wrap(doc, column.header, column.width - 2 * PADDING, rightToLeft),
  );
  const headerHeight =
    Math.max(...headerLines.map((lines) => lines.length)) * lineHeight + 2 * PADDING;

  const drawHeader = () => {
    const y = doc.y;
    doc.rect(tableX, y, tableWidth, headerHeight).fill(HEADER_FILL);
    doc.font(BOLD).fontSize(fontSize).fillColor(INK);
    columns.forEach((column, index) => {
      headerLines[index]!.forEach((line, lineIndex) => {
        writeLine(doc, line, columnXs[index]! + PADDING, y + PADDING + lineIndex * lineHeight, {
          width: column.width - 2 * PADDING,
          align: column.align ?? 'left',
          lineBreak: false,
        });
      });
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
  const colouredLines = (row: TableRow, lines: Line[]) =>
    colouredCount.get(row) ?? Math.min(1, lines.length);

  const drawLines = (
    row: TableRow,
    cellLines: Line[][],
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
    if (fill) doc.rect(tableX, y, tableWidth, height).fill(fill);
    const spans = row.kind === 'section' || row.kind === 'plan';
    (spans ? [tableWidth] : columns.map((column) => column.width)).forEach((width, index) => {
      const lines = cellLines[index] ?? [];
      const x = spans ? tableX : columnXs[index]!;
      for (let line = from; line < Math.min(to, lines.length); line += 1) {
        const coloured =
          row.colour && index === (row.colourColumn ?? 0) && line < colouredLines(row, lines);
        doc
          .font(coloured || (row.kind && row.kind !== 'row') ? BOLD : FONT)
          .fontSize(fontSize)
          .fillColor(coloured ? row.colour! : INK);
        writeLine(doc, lines[line]!, x + PADDING, y + PADDING + (line - from) * lineHeight, {
          width: width - 2 * PADDING,
          align: spans ? 'left' : (columns[index]!.align ?? 'left'),
          lineBreak: false,
        });
      }
    });
    doc.lineWidth(0.4).strokeColor(RULE);
    doc.rect(tableX, y, tableWidth, height).stroke();
    if (!spans) {
      let divider = MARGIN;
      for (const column of columns.slice(0, -1)) {
        divider += column.width;
        doc
          .moveTo(page.place(divider, 0), y)
          .lineTo(page.place(divider, 0), y + height)
          .stroke();
      }
    }
    if (continued) {
      doc.font(FONT).fontSize(6).fillColor(MUTED);
      page.write(page.continued, page.place(MARGIN + tableWidth - 80, 78), y + height - 7, {
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
        const head = wrap(doc, first || ' ', width, rightToLeft);
        colouredCount.set(row, head.length);
        doc.font(FONT).fontSize(fontSize);
        return rest.length > 0
          ? [...head, ...wrap(doc, rest.join('\n'), width, rightToLeft)]
          : head;
      }
      doc.font(spans || row.kind === 'total' ? BOLD : FONT).fontSize(fontSize);
      return wrap(doc, cell || ' ', width, rightToLeft);
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

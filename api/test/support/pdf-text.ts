// The text of a PDF, read by pdf-parse (pdf.js) in a child Node process: pdf.js loads its worker with
// a dynamic import, which jest's module system does not run.
import { execFile } from 'node:child_process';

const READ_PDF = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const result = await parser.getText();
  process.stdout.write(JSON.stringify({ text: result.text, pages: result.total, pageTexts: result.pages.map((page) => page.text) }));
  await parser.destroy();
});`;

/** The document's text, its page count and each page's text. */
export interface PdfText {
  text: string;
  pages: number;
  pageTexts: string[];
}

export function pdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-e', READ_PDF],
      { cwd: __dirname, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as PdfText);
      },
    );
    child.stdin?.end(pdf);
  });
}

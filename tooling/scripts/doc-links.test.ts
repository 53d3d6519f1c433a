// Code and docs cite documents of this repository by path (a decision file under docs/decisions/,
// docs/api.md): every cited path must exist, every decision must be in the decisions' index under
// a number of its own, and the relative links between the docs must lead somewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config/index.cjs';

const SKIPPED_FOLDERS = new Set([
  'node_modules',
  '.git',
  '.cache',
  '.data',
  'dist',
  'coverage',
  'bench-results',
  'test-results',
  'playwright-report',
]);
const TEXT_FILE = /\.(ts|tsx|js|cjs|mjs|md|sql|json|ya?ml|css|html|sh)$/;

function textFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : textFiles(full);
    return entry.isFile() && TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

const files = textFiles(repoRoot).map((file) => ({
  name: path.relative(repoRoot, file).split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));

/** Each document under docs/ that a file names by path, with the line it is on. */
function citedDocs(text: string): { doc: string; line: number }[] {
  return [...text.matchAll(/(?<![\w/.-])docs\/[\w./-]*?\.md\b/g)].map((match) => ({
    doc: match[0],
    line: text.slice(0, match.index).split('\n').length,
  }));
}

const FORMER_DECISIONS = ['docs', 'decisions.md'].join('/');
const decisionsFolder = path.join(repoRoot, 'docs', 'decisions');
const decisionFiles = readdirSync(decisionsFolder).filter((name) => /^\d{4}-.+\.md$/.test(name));

describe('documents cited by path', () => {
  it('finds the decisions', () => {
    expect(decisionFiles.length).toBeGreaterThan(50);
  });

  it('cites only documents that exist', () => {
    const missing = files.flatMap(({ name, text }) =>
      citedDocs(text)
        // Applied migrations are checksummed and never edited: theirs cite the single decisions
        // file that came before docs/decisions/ by heading, the title of a file there now.
        .filter(({ doc }) => !(name.startsWith('api/migrations/') && doc === FORMER_DECISIONS))
        .filter(({ doc }) => !existsSync(path.join(repoRoot, doc)))
        .map(({ doc, line }) => `${name}:${line} cites ${doc}`),
    );
    expect(missing).toEqual([]);
  });

  it('links between the docs only to files that exist', () => {
    const broken = files
      .filter(({ name }) => name.endsWith('.md'))
      .flatMap(({ name, text }) =>
        [...text.matchAll(/\]\(([^)\s]+?)(#[^)\s]*)?\)/g)]
          .map((match) => match[1] ?? '')
          .filter((target) => target !== '' && !/^[a-z]+:/i.test(target))
          .filter((target) => !existsSync(path.join(repoRoot, path.dirname(name), target)))
          .map((target) => `${name} links to ${target}`),
      );
    expect(broken).toEqual([]);
  });

  it('lists every decision in the index, each under a number of its own', () => {
    const index = readFileSync(path.join(decisionsFolder, 'README.md'), 'utf8');
    expect(decisionFiles.filter((file) => !index.includes(`](${file})`))).toEqual([]);
    const numbers = decisionFiles.map((file) => file.slice(0, 4));
    expect(numbers.filter((number, at) => numbers.indexOf(number) !== at)).toEqual([]);
  });
});

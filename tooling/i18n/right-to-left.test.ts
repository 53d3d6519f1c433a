// Arabic is written right to left and every screen mirrors with it (docs/decisions/0109-languages.md):
// the stylesheets place things by inline start and end, never by left and right (a box centred with
// `left: 50%` is the same either way).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const PHYSICAL =
  /(?<![-\w])((margin|padding|border)-(left|right)\b|(left|right):(?! *50%)|text-align: *(left|right)\b|border-(top|bottom)-(left|right)-radius)/;

it('every stylesheet places things by inline start and end', () => {
  const sheets = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.css'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((file) => file && !file.startsWith('e2e/'));
  expect(sheets.length).toBeGreaterThan(10);
  const physical = sheets.flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        PHYSICAL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(physical).toEqual([]);
});

// Every package's catalogues (`locales/<language>.json`, docs/decisions/0109-languages.md): each
// language has every English message and no other, each message is valid ICU MessageFormat with the
// same values as the English one, and each id's prefix belongs to one catalogue.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../../session/src/language/languages';
import { compileCatalogue } from './compile-catalogue.cjs';

const root = path.resolve(__dirname, '../..');
/** The language module's own test catalogue, incomplete on purpose. */
const TEST_CATALOGUE = 'session/src/language/test-catalogue/locales';

const folders = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*/locales/en.json'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter(Boolean)
  .map((file) => path.dirname(file))
  .filter((folder) => folder !== TEST_CATALOGUE);

type Compiled = string | Compiled[] | { [key: string]: Compiled };

/** The names of the values a compiled message reads: its parts `[name]` or `[name, format, options]`. */
function valuesOf(parts: Compiled, names = new Set<string>()): Set<string> {
  if (!Array.isArray(parts)) return names;
  for (const part of parts) {
    if (!Array.isArray(part)) continue;
    const [name, , options] = part;
    names.add(String(name));
    if (options && typeof options === 'object' && !Array.isArray(options)) {
      for (const branch of Object.values(options)) valuesOf(branch, names);
    }
  }
  return names;
}

function read(folder: string, language: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(root, folder, `${language}.json`), 'utf8'));
}

const others = LANGUAGES.filter((language) => language !== 'en');

describe('the catalogues', () => {
  it('are found where the packages keep them', () => {
    expect(folders).toContain('shell/src/locales');
  });

  describe.each(folders)('%s', (folder) => {
    const english = read(folder, 'en');
    const englishValues = compileCatalogue(JSON.stringify(english));

    it.each(others)(
      'in %s: every English message and no other, with the same values',
      (language) => {
        const messages = read(folder, language);
        expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
        const compiled = compileCatalogue(JSON.stringify(messages));
        const differing = Object.keys(english).filter(
          (id) =>
            (messages[id] ?? '').trim() === '' ||
            [...valuesOf(compiled[id] as Compiled)].sort().join() !==
              [...valuesOf(englishValues[id] as Compiled)].sort().join(),
        );
        expect(differing).toEqual([]);
      },
    );
  });

  it('give each id prefix to one catalogue', () => {
    const owners = new Map<string, string>();
    const shared: string[] = [];
    for (const folder of folders) {
      for (const prefix of new Set(
        Object.keys(read(folder, 'en')).map((id) => id.split('.')[0] ?? id),
      )) {
        if (owners.has(prefix)) shared.push(`${prefix}: ${owners.get(prefix)} and ${folder}`);
        owners.set(prefix, folder);
      }
    }
    expect(shared).toEqual([]);
  });
});

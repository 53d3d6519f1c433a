// Which test files jest runs in groups and which alone (docs/decisions/0118-test-files-in-groups.md).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Slowest from './sequencer.cjs';

const folder = mkdtempSync(path.join(os.tmpdir(), 'verity-sequencer-'));
const written: string[] = [];
afterAll(() => {
  for (const file of [folder, ...written]) rmSync(file, { recursive: true, force: true });
});

/** Writes a test file with `text` and answers its path. */
function testFile(name: string, text = "it('works', () => expect(1).toBe(1));\n"): string {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
}

const listedAlone = testFile('listed.test.ts');
const config = (id: string) => ({
  id,
  rootDir: folder,
  cacheDirectory: folder,
  displayName: { name: id },
  testEnvironmentOptions: { runAlone: [listedAlone] },
});
const project = { config: config('one') };
const otherProject = { config: config('two') };

function sorted(tests: { path: string; context: { config: Record<string, unknown> } }[]) {
  return new Slowest({ contexts: [], globalConfig: {} }).sort(tests);
}

describe('test files in groups', () => {
  const plain = Array.from({ length: 11 }, (_, index) =>
    testFile(`plain-${String(index).padStart(2, '0')}.test.ts`),
  );
  const alone = [
    testFile('mocks.test.ts', "jest.mock('./elsewhere');\n"),
    testFile('isolated.test.ts', 'jest.isolateModules(() => undefined);\n'),
    testFile('environment.test.ts', '/** @jest-environment node */\n'),
    listedAlone,
  ];
  const elsewhere = testFile('other-project.test.ts');
  const units = sorted([
    ...[...plain, ...alone].map((file) => ({ path: file, context: project })),
    { path: elsewhere, context: otherProject },
  ]);
  const groups = units.filter((unit) => unit.path.includes(`${path.sep}jest-groups${path.sep}`));
  written.push(...groups.map((group) => group.path));

  it.each(alone)('runs %s alone', (file) => {
    expect(units.map((unit) => unit.path)).toContain(file);
  });

  it("puts a project's other files in groups of up to eight neighbours", () => {
    const members = groups.map((group) =>
      [...readFileSync(group.path, 'utf8').matchAll(/require\(("[^"]+")\)/g)].map(
        ([, file]) => JSON.parse(file!) as string,
      ),
    );
    expect(members.map((files) => files.length).sort()).toEqual([3, 8]);
    expect(members.flat().sort()).toEqual(plain);
    expect(groups.every((group) => group.context === project)).toBe(true);
  });

  it('keeps each member inside a describe block named by its path', () => {
    const text = readFileSync(groups[0]!.path, 'utf8');
    const first = text.match(/require\(("[^"]+")\)/)![1]!;
    const relative = path.relative(path.resolve(__dirname, '../..'), JSON.parse(first) as string);
    expect(text).toContain(
      `describe(${JSON.stringify(relative)}, () => {\n  require(${first});\n});`,
    );
  });

  it("runs a project's only file alone", () => {
    expect(units.map((unit) => unit.path)).toContain(elsewhere);
  });

  it('orders the untimed units largest first, a group counting its members', () => {
    expect(units[0]!.path).toBe(
      groups.find((group) => readFileSync(group.path, 'utf8').split('require(').length === 9)!.path,
    );
  });
});

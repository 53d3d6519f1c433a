// Jest's order, slowest first so that no worker is left with a long file at the end, with one change
// for a file it has not timed yet (a fresh clone, a new file): jest ranks those by their size, and a
// file that only calls a suite written beside it (the permission matrix's) would go last, so the
// modules it imports from its own folder count as its own size.
//
// Before ordering, a project's test files are run in groups of neighbours (by path), each group as
// one file of jest's: one environment and one set of modules for its files, which spares each file
// after the first loading the same modules and building the same environment again (about a third
// of a small file's processor time; docs/decisions/0118-test-files-in-groups.md). Each file's tests
// sit in a describe block named after it, so its hooks stay its own. A file runs alone when it
// replaces modules (`jest.mock` and the like reach every module the group loads after it), names
// its own environment (a docblock `@jest-environment`), or its project lists it in
// `testEnvironmentOptions.runAlone`.
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const repoRoot = path.resolve(__dirname, '../..');
const groupsDir = path.join(repoRoot, '.cache', 'jest-groups');
/** Files per group: enough to share the loading, few enough to share the work out among workers. */
const GROUP_SIZE = 8;
const RUNS_ALONE =
  /\bjest\s*\.\s*(mock|doMock|unmock|unstable_mockModule|isolateModules|isolateModulesAsync|resetModules|enableAutomock)\s*\(|@jest-environment\b/;

/** Reads each file once per ordering: its text, or undefined when it cannot be read. */
function textReader() {
  const texts = new Map();
  return (file) => {
    if (!texts.has(file)) {
      let text;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = undefined;
      }
      texts.set(file, text);
    }
    return texts.get(file);
  };
}

/** The file's size and that of every module it imports from its own folder, and they from theirs. */
function weight(file, read, seen = new Set()) {
  if (seen.has(file)) return 0;
  seen.add(file);
  const text = read(file);
  if (text === undefined) return 0;
  let size = text.length;
  for (const [, name] of text.matchAll(/from '\.\/([^']+)'/g))
    size += weight(path.join(path.dirname(file), `${name}.ts`), read, seen);
  return size;
}

function runsAlone(test, read) {
  const listed = test.context.config.testEnvironmentOptions?.runAlone ?? [];
  if (listed.includes(test.path)) return true;
  const text = read(test.path);
  return text === undefined || RUNS_ALONE.test(text);
}

/** A group's file: each of `files` required inside a describe block named by its path. */
function writeGroup(project, files) {
  const first = path.relative(repoRoot, files[0]);
  const name = `${project}--${first.replace(/[^a-zA-Z0-9]+/g, '-')}--${files.length}.test.js`;
  const lines = files.map(
    (file) =>
      `describe(${JSON.stringify(path.relative(repoRoot, file))}, () => {\n  require(${JSON.stringify(file)});\n});`,
  );
  const file = path.join(groupsDir, name);
  writeFileSync(
    file,
    `// Written by tooling/jest/sequencer.cjs: these test files run in one environment.\n${lines.join('\n')}\n`,
  );
  return file;
}

/**
 * The tests with each project's groupable files put together in groups of neighbours; `members`
 * gets each group's files.
 */
function grouped(tests, members, read) {
  const result = [];
  const byProject = new Map();
  for (const test of tests) {
    if (runsAlone(test, read)) {
      result.push(test);
      continue;
    }
    const key = test.context.config.id;
    if (!byProject.has(key)) byProject.set(key, []);
    byProject.get(key).push(test);
  }
  if (byProject.size > 0) mkdirSync(groupsDir, { recursive: true });
  for (const projectTests of byProject.values()) {
    projectTests.sort((a, b) => a.path.localeCompare(b.path));
    for (let start = 0; start < projectTests.length; start += GROUP_SIZE) {
      const chunk = projectTests.slice(start, start + GROUP_SIZE);
      if (chunk.length === 1) {
        result.push(chunk[0]);
        continue;
      }
      const { context } = chunk[0];
      const project = context.config.displayName?.name ?? path.basename(context.config.rootDir);
      const files = chunk.map((test) => test.path);
      const file = writeGroup(project, files);
      members.set(file, files);
      result.push({ context, path: file });
    }
  }
  return result;
}

class Slowest extends Sequencer {
  sort(tests) {
    const read = textReader();
    const members = new Map();
    const units = grouped(tests, members, read);
    const weights = new Map();
    const weightOf = (test) => {
      if (!weights.has(test.path)) {
        const files = members.get(test.path) ?? [test.path];
        weights.set(
          test.path,
          files.reduce((sum, file) => sum + weight(file, read), 0),
        );
      }
      return weights.get(test.path);
    };
    for (const test of units) test.duration = this.time(test);
    return units.sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      const timedA = a.duration != null;
      if (timedA !== (b.duration != null)) return timedA ? 1 : -1;
      if (timedA) return b.duration - a.duration;
      return weightOf(b) - weightOf(a);
    });
  }
}

module.exports = Slowest;

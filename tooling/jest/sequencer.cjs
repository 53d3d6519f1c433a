// Jest's order, slowest first so that no worker is left with a long file at the end, with one change
// for a file it has not timed yet (a fresh clone, a new file): jest ranks those by their size, and a
// file that only calls a suite written beside it (the permission matrix's) would go last, so the
// modules it imports from its own folder count as its own size.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** The file's size and that of every module it imports from its own folder, and they from theirs. */
function weight(file, seen = new Set()) {
  if (seen.has(file)) return 0;
  seen.add(file);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return 0;
  }
  let size = text.length;
  for (const [, name] of text.matchAll(/from '\.\/([^']+)'/g))
    size += weight(path.join(path.dirname(file), `${name}.ts`), seen);
  return size;
}

class Slowest extends Sequencer {
  sort(tests) {
    const weights = new Map();
    const weightOf = (test) => {
      if (!weights.has(test.path)) weights.set(test.path, weight(test.path));
      return weights.get(test.path);
    };
    for (const test of tests) test.duration = this.time(test);
    return tests.sort((a, b) => {
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

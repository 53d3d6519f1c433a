// Every English message of the browser's catalogues (`<package>/**/locales/en.json`), compiled, by
// id: what the builds put beside each `t('id')` call (tooling/webpack/message-inline-loader.cjs).
const { readdirSync, readFileSync, statSync } = require('node:fs');
const path = require('node:path');
const { compileCatalogue } = require('./compile-catalogue.cjs');

const root = path.resolve(__dirname, '../..');
/** The browser's packages; the API and identity read their catalogues themselves. */
const PACKAGES = [
  'session',
  'shared-api',
  'shared-ui',
  'shell',
  'features',
  'remote-client',
  'remote-auditor',
  'remote-target-company',
];
const SKIPPED = new Set(['node_modules', 'dist', 'test-catalogue']);

function englishCatalogues(folder, found = []) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || SKIPPED.has(entry.name)) continue;
    const inside = path.join(folder, entry.name);
    if (entry.name === 'locales') {
      const file = path.join(inside, 'en.json');
      if (statSync(file, { throwIfNoEntry: false })) found.push(file);
    } else englishCatalogues(inside, found);
  }
  return found;
}

let cached;

/** The messages and the files they come from (a build watches them); read again when one changed. */
function englishMessages() {
  const files = PACKAGES.flatMap((name) => englishCatalogues(path.join(root, name)));
  const stamp = files.map((file) => `${file}@${statSync(file).mtimeMs}`).join('|');
  if (cached?.stamp !== stamp) {
    const messages = new Map();
    for (const file of files) {
      for (const [id, message] of Object.entries(compileCatalogue(readFileSync(file, 'utf8')))) {
        messages.set(id, message);
      }
    }
    cached = { stamp, files, messages };
  }
  return cached;
}

module.exports = { englishMessages };

// The files named to run on PGlite as well as PostgreSQL are there and do run on each database
// they are given: a renamed or moved file would otherwise drop to PostgreSQL alone without a word.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ON_BOTH_DATABASES } from '../support/databases';

const apiDir = path.join(__dirname, '..', '..');

describe('the files on both databases', () => {
  it.each(Object.keys(ON_BOTH_DATABASES))('%s is there and runs on databaseKinds', (file) => {
    expect(readFileSync(path.join(apiDir, file), 'utf8')).toMatch(/\bdatabaseKinds\b/);
  });
});

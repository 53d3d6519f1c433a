// The tests' database templates do not pile up: a new template removes the outdated ones of its kind
// made more than a day ago, and keeps recent ones another checkout's run may still copy.
import { existsSync } from 'node:fs';
import { mkdir, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { removeStaleTemplates } from '../support/databases';

const dir = (key: string) => path.join(os.tmpdir(), `verity-api-template-pglite-${key}`);
const old = dir('migrated-00000000000000aa');
const recent = dir('migrated-00000000000000bb');
const current = dir('migrated-00000000000000cc');
const otherKind = dir('seeded-00000000000000dd');

afterAll(() =>
  Promise.all(
    [old, recent, current, otherKind].map((at) => rm(at, { recursive: true, force: true })),
  ),
);

it('removes outdated templates of the kind made more than a day ago, and nothing else', async () => {
  for (const at of [old, recent, current, otherKind]) await mkdir(at, { recursive: true });
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
  for (const at of [old, current, otherKind]) await utimes(at, twoDaysAgo, twoDaysAgo);

  await removeStaleTemplates('pglite', 'migrated-00000000000000cc', 'migrated');

  expect(existsSync(old)).toBe(false);
  expect(existsSync(recent)).toBe(true);
  expect(existsSync(current)).toBe(true);
  expect(existsSync(otherKind)).toBe(true);
});

// Each tenant's fixture remark gets a photo, stored the way the API stores attachments: a row in
// remark_documents and the bytes under its storage key in `${DATA_DIR}/attachments`.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FOREIGN_MARKER, HOME_MARKER, RIVAL_MARKER, type Fixtures } from './fixtures';
import { PNG_BYTES } from './requests';

export interface Documents {
  home: string;
  rival: string;
  foreign: string;
}

export const attachmentsFolder = (dataDir: string) => path.join(dataDir, 'attachments');

async function attach(
  app: FastifyInstance,
  folder: string,
  remarkId: string,
  marker: string,
): Promise<string> {
  const storageKey = `${randomUUID()}.png`;
  await writeFile(path.join(folder, storageKey), PNG_BYTES);
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO remark_documents (remark_id, storage_key, file_name, content_type, size)
     VALUES ($1, $2, $3, 'image/png', $4) RETURNING id`,
    [remarkId, storageKey, `${marker}-site.png`, PNG_BYTES.length],
  );
  return rows[0]!.id;
}

export async function attachDocuments(
  app: FastifyInstance,
  fx: Fixtures,
  dataDir: string,
): Promise<Documents> {
  const folder = attachmentsFolder(dataDir);
  await mkdir(folder, { recursive: true });
  return {
    home: await attach(app, folder, fx.home.remarkId, HOME_MARKER),
    rival: await attach(app, folder, fx.rival.remarkId, RIVAL_MARKER),
    foreign: await attach(app, folder, fx.foreign.remarkId, FOREIGN_MARKER),
  };
}

/** The stored attachment files, to see that a refused upload left nothing behind. */
export async function attachmentFiles(dataDir: string): Promise<string[]> {
  return (await readdir(attachmentsFolder(dataDir))).sort();
}

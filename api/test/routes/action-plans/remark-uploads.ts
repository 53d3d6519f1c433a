// Remark uploads for route tests: multipart bodies as a browser sends them, and what is stored.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** A PNG of about `size` bytes: the signature the image check reads, then filler. */
export const pngOf = (size = 300) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(size - 8, 7),
  ]);

export interface FilePart {
  fileName: string;
  bytes: Buffer;
}

const BOUNDARY = '----verity-remark-upload';

export function multipart(comments: string, files: FilePart[] = []) {
  const chunks: Buffer[] = [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="comments"\r\n\r\n${comments}\r\n`,
    ),
  ];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documents"; filename="${file.fileName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** The files in the attachments folder and the remark and document rows. */
export async function storedState(app: FastifyInstance, dataDir: string) {
  const { rows } = await app.db.query<{ remarks: number; documents: number; bytes: number }>(
    `SELECT (SELECT count(*)::int FROM remarks) AS remarks,
            (SELECT count(*)::int FROM remark_documents) AS documents,
            (SELECT COALESCE(sum(size), 0)::int FROM remark_documents WHERE withdrawn_at IS NULL) AS bytes`,
  );
  const files = await readdir(path.join(dataDir, 'attachments')).catch(() => [] as string[]);
  return { ...rows[0]!, files: files.sort() };
}

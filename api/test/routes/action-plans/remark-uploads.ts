// Remark uploads for route tests: multipart bodies as a browser sends them, and what is stored.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import piexif from 'piexifjs';
import { demoSitePhoto } from '../../../src/seed/demo-photo';

/** A PNG of about `size` bytes: the signature the image check reads, then filler. */
export const pngOf = (size = 300) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(size - 8, 7),
  ]);

export interface FilePart {
  fileName: string;
  bytes: Buffer;
  /** The `deviceCapture` field's text, sent just before the file (decision 0102). */
  deviceCapture?: string;
}

const BOUNDARY = '----verity-remark-upload';

export function multipart(comments: string, files: FilePart[] = []) {
  const chunks: Buffer[] = [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="comments"\r\n\r\n${comments}\r\n`,
    ),
  ];
  for (const file of files) {
    if (file.deviceCapture !== undefined) {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="deviceCapture"\r\n\r\n${file.deviceCapture}\r\n`,
        ),
      );
    }
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

/** EXIF to write into a test JPEG; each field left out is absent from the image. */
export interface ExifFields {
  /** `YYYY:MM:DD HH:MM:SS`, the camera's clock (DateTimeOriginal). */
  capturedAt?: string;
  /** `+HH:MM` (OffsetTimeOriginal). */
  utcOffset?: string;
  make?: string;
  model?: string;
  gps?: { latitude: number; longitude: number };
}

// piexifjs predates EXIF 2.31's OffsetTimeOriginal: its tag table learns it here.
const OFFSET_TIME_ORIGINAL = 0x9011;
piexif.TAGS.Exif[OFFSET_TIME_ORIGINAL] = { name: 'OffsetTimeOriginal', type: 'Ascii' };

/** A valid 32x32 JPEG (the demo photo's pixels) carrying exactly the EXIF given, written by piexifjs. */
export function jpegWithExif(fields: ExifFields): Buffer {
  const base = piexif.remove(demoSitePhoto(new Date()).toString('binary'));
  const zeroth: Record<number, string> = {};
  if (fields.make !== undefined) zeroth[piexif.ImageIFD.Make] = fields.make;
  if (fields.model !== undefined) zeroth[piexif.ImageIFD.Model] = fields.model;
  const exif: Record<number, string> = {};
  if (fields.capturedAt !== undefined) exif[piexif.ExifIFD.DateTimeOriginal] = fields.capturedAt;
  if (fields.utcOffset !== undefined) exif[OFFSET_TIME_ORIGINAL] = fields.utcOffset;
  const gps: Record<number, unknown> = {};
  if (fields.gps) {
    const { latitude, longitude } = fields.gps;
    gps[piexif.GPSIFD.GPSLatitudeRef] = latitude < 0 ? 'S' : 'N';
    gps[piexif.GPSIFD.GPSLatitude] = piexif.GPSHelper.degToDmsRational(Math.abs(latitude));
    gps[piexif.GPSIFD.GPSLongitudeRef] = longitude < 0 ? 'W' : 'E';
    gps[piexif.GPSIFD.GPSLongitude] = piexif.GPSHelper.degToDmsRational(Math.abs(longitude));
  }
  const bytes = piexif.dump({ '0th': zeroth, Exif: exif, GPS: gps });
  return Buffer.from(piexif.insert(bytes, base), 'binary');
}

/** `date` as EXIF writes a camera's clock that runs `offsetMinutes` east of UTC. */
export function exifTime(date: Date, offsetMinutes = 0): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString();
  return `${local.slice(0, 10).replace(/-/g, ':')} ${local.slice(11, 19)}`;
}

// What a stored image tells about itself: its SHA-256 over every byte, its pixel size (image-size) and
// the camera's capture data (EXIF, read by exifr), taken from the bytes as they stream to storage.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse as parseExif } from 'exifr';
import { imageSize } from 'image-size';

/**
 * Bytes of a file's start kept for its header and EXIF: a JPEG's EXIF segment is at most 64 KiB and
 * comes first; its frame header (the pixel size) follows the metadata segments.
 */
export const EVIDENCE_HEAD_BYTES = 1024 * 1024;

/** The camera's clock when the photo was taken, and its offset from UTC when the image says. */
export interface CaptureTime {
  /** `YYYY-MM-DDTHH:MM:SS`, as the camera's clock read. */
  local: string;
  utcOffsetMinutes: number | null;
}

export interface ImageEvidence {
  sha256: string;
  width: number | null;
  height: number | null;
  capturedAt: CaptureTime | null;
  camera: string | null;
  gps: { latitude: number; longitude: number } | null;
}

/** The EXIF tags read, as exifr gives them without reviving values (dates stay the camera's text). */
interface ExifTags {
  Make?: unknown;
  Model?: unknown;
  DateTimeOriginal?: unknown;
  OffsetTimeOriginal?: unknown;
  latitude?: unknown;
  longitude?: unknown;
}

const EXIF_OPTIONS: Parameters<typeof parseExif>[1] = {
  ifd0: { pick: ['Make', 'Model'] },
  exif: { pick: ['DateTimeOriginal', 'OffsetTimeOriginal'] },
  gps: true,
  ifd1: false,
  interop: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  makerNote: false,
  userComment: false,
  reviveValues: false,
  mergeOutput: true,
};

const CAMERA_MAX_LENGTH = 200;

const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** EXIF text as stored: without control characters (NUL padding is common) or broken characters, trimmed; '' when absent. */
function exifText(value: unknown): string {
  return typeof value === 'string' ? value.replace(UNSTORABLE, '').trim() : '';
}

/** 'Canon Canon EOS R6' reads 'Canon EOS R6': many cameras repeat the make in the model. */
function cameraOf(tags: ExifTags): string | null {
  const make = exifText(tags.Make);
  const model = exifText(tags.Model);
  const camera =
    make && model && !model.toLowerCase().startsWith(make.toLowerCase())
      ? `${make} ${model}`
      : model || make;
  return camera ? camera.slice(0, CAMERA_MAX_LENGTH) : null;
}

/** EXIF's `YYYY:MM:DD HH:MM:SS` as a capture time; null for the blank or impossible dates some cameras write. */
function captureTimeOf(tags: ExifTags): CaptureTime | null {
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(
    exifText(tags.DateTimeOriginal),
  );
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day, hour, minute, second));
  const exact =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  if (!exact || year! < 1900) return null;
  const local = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}`;
  return { local, utcOffsetMinutes: utcOffsetOf(tags.OffsetTimeOriginal) };
}

/** EXIF's `+HH:MM` as minutes east of UTC; null when absent or not a real offset. */
function utcOffsetOf(value: unknown): number | null {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(exifText(value));
  if (!match) return null;
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return minutes >= -720 && minutes <= 840 && Number(match[3]) < 60 ? minutes : null;
}

function gpsOf(tags: ExifTags): ImageEvidence['gps'] {
  const { latitude, longitude } = tags;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  // Cameras without a fix write 0, 0: a point in the Gulf of Guinea, not a site.
  if (latitude === 0 && longitude === 0) return null;
  return { latitude, longitude };
}

/** Pixel width and height as the image is shown: EXIF orientations 5 to 8 turn it a quarter. */
function pixelSizeOf(head: Buffer): Pick<ImageEvidence, 'width' | 'height'> {
  try {
    const { width, height, orientation } = imageSize(head);
    if (!(width > 0 && height > 0)) return { width: null, height: null };
    return orientation !== undefined && orientation >= 5
      ? { width: height, height: width }
      : { width, height };
  } catch {
    // A file that starts like an image but whose header cannot be read is still stored.
    return { width: null, height: null };
  }
}

async function exifOf(head: Buffer): Promise<ExifTags> {
  try {
    return ((await parseExif(head, EXIF_OPTIONS)) as ExifTags | undefined) ?? {};
  } catch {
    // No EXIF, a format exifr does not read (GIF, WebP) or a broken segment: no capture data.
    return {};
  }
}

/** The evidence of an image from its first bytes (`EVIDENCE_HEAD_BYTES`) and the hash of all of them. */
export async function readImageEvidence(head: Buffer, sha256: string): Promise<ImageEvidence> {
  const tags = await exifOf(head);
  return {
    sha256,
    ...pixelSizeOf(head),
    capturedAt: captureTimeOf(tags),
    camera: cameraOf(tags),
    gps: gpsOf(tags),
  };
}

/** The evidence of a whole image held in memory (the demo seed's photos). */
export function imageEvidenceOf(bytes: Buffer): Promise<ImageEvidence> {
  return readImageEvidence(
    bytes.subarray(0, EVIDENCE_HEAD_BYTES),
    createHash('sha256').update(bytes).digest('hex'),
  );
}

/**
 * Passes a file's bytes on unchanged while hashing them and keeping their start; `evidence()` reads
 * them once the stream has been consumed to its end.
 */
export class EvidenceTap {
  private readonly hash = createHash('sha256');
  private readonly head: Buffer[] = [];
  private headLength = 0;

  through(file: Readable): Readable {
    return Readable.from(this.chunks(file), { objectMode: false });
  }

  private async *chunks(file: Readable) {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      this.hash.update(chunk);
      if (this.headLength < EVIDENCE_HEAD_BYTES) {
        const kept = chunk.subarray(0, EVIDENCE_HEAD_BYTES - this.headLength);
        this.head.push(kept);
        this.headLength += kept.length;
      }
      yield chunk;
    }
  }

  evidence(): Promise<ImageEvidence> {
    return readImageEvidence(Buffer.concat(this.head), this.hash.digest('hex'));
  }
}

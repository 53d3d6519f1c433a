// What a stored image tells about itself: its SHA-256 over every byte, its pixel size (image-size) and
// the camera's capture data (EXIF, read by exifr), taken from the bytes as they stream to storage.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse as parseExif } from 'exifr';
import { imageSize } from 'image-size';
import { exifCaptureTime, type CaptureTime } from '@verity/shared-api/src/server';

/**
 * Bytes of a file's start kept for its header and EXIF: a JPEG's EXIF segment is at most 64 KiB and
 * comes first; its frame header (the pixel size) follows the metadata segments.
 */
export const EVIDENCE_HEAD_BYTES = 1024 * 1024;

export type { CaptureTime };

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

/** The capture time the EXIF records, by the rule the browser applies too (shared-api's `exifCaptureTime`). */
function captureTimeOf(tags: ExifTags): CaptureTime | null {
  return exifCaptureTime(exifText(tags.DateTimeOriginal), exifText(tags.OffsetTimeOriginal));
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

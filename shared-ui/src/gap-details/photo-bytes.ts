// The byte work of preparing a photo on the device (docs/decisions/0102-photos-prepared-on-the-device.md):
// a photo's pixel size from its header, its EXIF (the TIFF block a JPEG's APP1, a PNG's eXIf or a
// WebP's EXIF chunk holds), and a scaled JPEG given the original's EXIF back, turned upright.
// Pure functions over bytes; nothing here decodes pixels.

export type PhotoKind = 'jpeg' | 'png' | 'webp' | 'gif';

export interface PixelSize {
  width: number;
  height: number;
}

/** What the EXIF says that preparing a photo needs. */
export interface ExifFacts {
  /** EXIF Orientation, 1 (upright) when absent or unknown. */
  orientation: number;
  /** DateTimeOriginal and OffsetTimeOriginal as written ('' when absent). */
  dateTimeOriginal: string;
  offsetTimeOriginal: string;
  /** Whether the EXIF has a GPS section. */
  hasGps: boolean;
}

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A JPEG segment's length field counts itself: at most 65,535 bytes, so the TIFF block at most this. */
export const MAX_JPEG_EXIF_BYTES = 0xffff - 2 - EXIF_HEADER.length;

const TAG = {
  orientation: 0x0112,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTimeOriginal: 0x9003,
  offsetTimeOriginal: 0x9011,
  pixelXDimension: 0xa002,
  pixelYDimension: 0xa003,
} as const;
const TYPE_ASCII = 2;
const TYPE_SHORT = 3;
const TYPE_LONG = 4;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);

const fourCc = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function photoKindOf(bytes: Uint8Array): PhotoKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && fourCc(bytes, 0) === 'RIFF' && fourCc(bytes, 8) === 'WEBP') {
    return 'webp';
  }
  if (bytes.length >= 6 && fourCc(bytes, 0) === 'GIF8') return 'gif';
  return null;
}

interface JpegSegment {
  marker: number;
  /** Where the segment starts (its 0xFF) and where its data (past the length) starts and ends. */
  start: number;
  dataStart: number;
  end: number;
}

/** A JPEG's marker segments up to the start of its scan; empty when it is not one. */
function jpegSegments(bytes: Uint8Array): JpegSegment[] {
  if (!startsWith(bytes, [0xff, 0xd8])) return [];
  const segments: JpegSegment[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return segments;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // no length
      continue;
    }
    const length = view(bytes).getUint16(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return segments;
    segments.push({ marker, start: at, dataStart: at + 4, end });
    if (marker === 0xda || marker === 0xd9) return segments;
    at = end;
  }
  return segments;
}

const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const isExifSegment = (bytes: Uint8Array, segment: JpegSegment) =>
  segment.marker === 0xe1 && startsWith(bytes, EXIF_HEADER, segment.dataStart);

interface Chunk {
  type: string;
  dataStart: number;
  dataEnd: number;
}

function pngChunks(bytes: Uint8Array): Chunk[] {
  const chunks: Chunk[] = [];
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = view(bytes).getUint32(at);
    const dataEnd = at + 8 + length;
    if (dataEnd + 4 > bytes.length) break;
    const type = fourCc(bytes, at + 4);
    chunks.push({ type, dataStart: at + 8, dataEnd });
    if (type === 'IEND') break;
    at = dataEnd + 4;
  }
  return chunks;
}

function webpChunks(bytes: Uint8Array): Chunk[] {
  const chunks: Chunk[] = [];
  let at = 12;
  while (at + 8 <= bytes.length) {
    const length = view(bytes).getUint32(at + 4, true);
    const dataEnd = at + 8 + length;
    if (dataEnd > bytes.length) break;
    chunks.push({ type: fourCc(bytes, at), dataStart: at + 8, dataEnd });
    at = dataEnd + (length % 2);
  }
  return chunks;
}

/** The pixel size the header declares, as stored (before any EXIF orientation); null when unreadable. */
export function storedPixelSizeOf(bytes: Uint8Array): PixelSize | null {
  const data = view(bytes);
  const size = (width: number, height: number) =>
    width > 0 && height > 0 ? { width, height } : null;
  switch (photoKindOf(bytes)) {
    case 'jpeg': {
      const frame = jpegSegments(bytes).find((segment) => isStartOfFrame(segment.marker));
      if (!frame || frame.dataStart + 5 > frame.end) return null;
      return size(data.getUint16(frame.dataStart + 3), data.getUint16(frame.dataStart + 1));
    }
    case 'png': {
      const header = pngChunks(bytes)[0];
      if (header?.type !== 'IHDR' || header.dataEnd - header.dataStart < 8) return null;
      return size(data.getUint32(header.dataStart), data.getUint32(header.dataStart + 4));
    }
    case 'webp': {
      for (const chunk of webpChunks(bytes)) {
        const at = chunk.dataStart;
        const uint24 = (offset: number) =>
          bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16);
        if (chunk.type === 'VP8X' && chunk.dataEnd - at >= 10) {
          return size(uint24(at + 4) + 1, uint24(at + 7) + 1);
        }
        if (chunk.type === 'VP8 ' && chunk.dataEnd - at >= 10) {
          return size(data.getUint16(at + 6, true) & 0x3fff, data.getUint16(at + 8, true) & 0x3fff);
        }
        if (chunk.type === 'VP8L' && chunk.dataEnd - at >= 5 && bytes[at] === 0x2f) {
          const bits = data.getUint32(at + 1, true);
          return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
        }
      }
      return null;
    }
    case 'gif':
      return bytes.length >= 10 ? size(data.getUint16(6, true), data.getUint16(8, true)) : null;
    default:
      return null;
  }
}

/** The EXIF's TIFF block (from its byte-order mark on), or null when the photo carries none. */
export function exifOf(bytes: Uint8Array): Uint8Array | null {
  switch (photoKindOf(bytes)) {
    case 'jpeg': {
      const segment = jpegSegments(bytes).find((candidate) => isExifSegment(bytes, candidate));
      return segment ? bytes.slice(segment.dataStart + EXIF_HEADER.length, segment.end) : null;
    }
    case 'png': {
      const chunk = pngChunks(bytes).find((candidate) => candidate.type === 'eXIf');
      return chunk ? bytes.slice(chunk.dataStart, chunk.dataEnd) : null;
    }
    case 'webp': {
      const chunk = webpChunks(bytes).find((candidate) => candidate.type === 'EXIF');
      if (!chunk) return null;
      // Some writers keep JPEG's "Exif\0\0" before the TIFF block.
      const skip = startsWith(bytes, EXIF_HEADER, chunk.dataStart) ? EXIF_HEADER.length : 0;
      return bytes.slice(chunk.dataStart + skip, chunk.dataEnd);
    }
    default:
      return null;
  }
}

interface IfdEntry {
  tag: number;
  type: number;
  count: number;
  /** Where the entry's 4-byte value (or offset to it) sits. */
  valueAt: number;
}

/** A TIFF block's reader: its byte order, and its IFDs read with every offset checked. */
class Tiff {
  readonly little: boolean;
  private readonly data: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.data = view(bytes);
    const order = bytes.length >= 8 ? fourCc(bytes, 0) : '';
    if (order !== 'II*\u0000' && order !== 'MM\u0000*') throw new Error('not a TIFF block');
    this.little = order.startsWith('II');
  }

  u16 = (at: number) => this.data.getUint16(at, this.little);
  u32 = (at: number) => this.data.getUint32(at, this.little);

  get firstIfd(): number {
    return this.u32(4);
  }

  /** The IFD's entries and where its link to the next IFD sits; null when it runs past the block. */
  ifd(at: number): { entries: IfdEntry[]; nextAt: number } | null {
    if (at < 8 || at + 2 > this.bytes.length) return null;
    const count = this.u16(at);
    const nextAt = at + 2 + count * 12;
    if (nextAt + 4 > this.bytes.length) return null;
    const entries = Array.from({ length: count }, (_, index) => {
      const entry = at + 2 + index * 12;
      return {
        tag: this.u16(entry),
        type: this.u16(entry + 2),
        count: this.u32(entry + 4),
        valueAt: entry + 8,
      };
    });
    return { entries, nextAt };
  }

  text(entry: IfdEntry | undefined): string {
    if (!entry || entry.type !== TYPE_ASCII) return '';
    const at = entry.count <= 4 ? entry.valueAt : this.u32(entry.valueAt);
    if (at + entry.count > this.bytes.length) return '';
    const chars = this.bytes.subarray(at, at + entry.count);
    const end = chars.indexOf(0);
    return String.fromCharCode(...(end === -1 ? chars : chars.subarray(0, end)));
  }

  number(entry: IfdEntry | undefined): number | null {
    if (!entry || entry.count !== 1) return null;
    if (entry.type === TYPE_SHORT) return this.u16(entry.valueAt);
    if (entry.type === TYPE_LONG) return this.u32(entry.valueAt);
    return null;
  }
}

const find = (entries: IfdEntry[] | undefined, tag: number) =>
  entries?.find((entry) => entry.tag === tag);

/** What the EXIF says about the photo's orientation, capture time and position. */
export function readExifFacts(tiffBytes: Uint8Array): ExifFacts {
  const facts: ExifFacts = {
    orientation: 1,
    dateTimeOriginal: '',
    offsetTimeOriginal: '',
    hasGps: false,
  };
  try {
    const tiff = new Tiff(tiffBytes);
    const ifd0 = tiff.ifd(tiff.firstIfd)?.entries;
    const orientation = tiff.number(find(ifd0, TAG.orientation));
    if (orientation !== null && orientation >= 1 && orientation <= 8) {
      facts.orientation = orientation;
    }
    facts.hasGps = find(ifd0, TAG.gpsIfd) !== undefined;
    const exifAt = tiff.number(find(ifd0, TAG.exifIfd));
    const exif = exifAt === null ? undefined : tiff.ifd(exifAt)?.entries;
    facts.dateTimeOriginal = tiff.text(find(exif, TAG.dateTimeOriginal));
    facts.offsetTimeOriginal = tiff.text(find(exif, TAG.offsetTimeOriginal));
  } catch {
    // A broken EXIF block says nothing.
  }
  return facts;
}

/**
 * A copy of the TIFF block for pixels already turned upright and scaled to `size`: Orientation 1, the
 * EXIF pixel dimensions `size`, and no thumbnail (IFD0 no longer links to IFD1, whose small image
 * would still be turned). Every other tag, and every offset, stays as it was. Null when the block
 * cannot be read.
 */
export function uprightExif(tiffBytes: Uint8Array, size: PixelSize): Uint8Array | null {
  try {
    const copy = tiffBytes.slice();
    const tiff = new Tiff(copy);
    const data = view(copy);
    const ifd0 = tiff.ifd(tiff.firstIfd);
    if (!ifd0) return null;
    const setNumber = (entry: IfdEntry | undefined, value: number) => {
      if (!entry || entry.count !== 1) return;
      if (entry.type === TYPE_SHORT && value <= 0xffff) {
        data.setUint16(entry.valueAt, value, tiff.little);
      } else if (entry.type === TYPE_LONG) data.setUint32(entry.valueAt, value, tiff.little);
    };
    setNumber(find(ifd0.entries, TAG.orientation), 1);
    data.setUint32(ifd0.nextAt, 0, tiff.little);
    const exifAt = tiff.number(find(ifd0.entries, TAG.exifIfd));
    const exif = exifAt === null ? undefined : tiff.ifd(exifAt)?.entries;
    setNumber(find(exif, TAG.pixelXDimension), size.width);
    setNumber(find(exif, TAG.pixelYDimension), size.height);
    return copy;
  } catch {
    return null;
  }
}

/**
 * The JPEG with `tiff` as its EXIF (an APP1 segment after SOI and any JFIF APP0, in place of any EXIF
 * it had), the scan left byte for byte; null when it is not a JPEG or the block is too large for one
 * segment.
 */
export function jpegWithExif(jpeg: Uint8Array, tiff: Uint8Array): Uint8Array<ArrayBuffer> | null {
  if (photoKindOf(jpeg) !== 'jpeg' || tiff.length > MAX_JPEG_EXIF_BYTES) return null;
  const segments = jpegSegments(jpeg);
  if (segments.length === 0) return null;
  const first = segments[0]!;
  const insertAt = first.marker === 0xe0 ? first.end : 2;
  const app1 = new Uint8Array(4 + EXIF_HEADER.length + tiff.length);
  app1.set([0xff, 0xe1]);
  view(app1).setUint16(2, app1.length - 2);
  app1.set(EXIF_HEADER, 4);
  app1.set(tiff, 4 + EXIF_HEADER.length);
  const kept: Uint8Array[] = [jpeg.subarray(0, insertAt), app1];
  let at = insertAt;
  for (const segment of segments) {
    if (segment.start < insertAt || !isExifSegment(jpeg, segment)) continue;
    kept.push(jpeg.subarray(at, segment.start));
    at = segment.end;
  }
  kept.push(jpeg.subarray(at));
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

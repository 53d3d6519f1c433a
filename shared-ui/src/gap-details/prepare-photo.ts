// A photo taken on site, made ready to keep and send (docs/decisions/0102-photos-prepared-on-the-device.md):
// scaled down on the device when large, upright, with the camera's EXIF kept so the API reads its
// capture time, camera and position as before; and, for a photo that carries no capture time, what
// the device recorded instead (its clock and, when allowed, its position).
import { deviceClockText, exifCaptureTime, type DeviceCapture } from '@verity/shared-api';
import {
  exifOf,
  jpegWithExif,
  photoKindOf,
  readExifFacts,
  storedPixelSizeOf,
  uprightExif,
  type ExifFacts,
  type PixelSize,
} from './photo-bytes';

/** A photo whose long edge is longer than this is scaled down to it. */
export const PHOTO_MAX_LONG_EDGE = 2560;
/** The JPEG quality of a scaled photo. */
export const PHOTO_JPEG_QUALITY = 0.85;
/** How long the device's position is waited for (the permission prompt included). */
export const POSITION_TIMEOUT_MS = 8000;

export interface PreparePhotoOptions {
  /** Default `PHOTO_MAX_LONG_EDGE`. */
  maxLongEdge?: number;
  /** Default `PHOTO_JPEG_QUALITY`. */
  quality?: number;
  /**
   * Whether to record the device's clock and position for a photo without a capture time: true
   * (the default) only for a photo being taken now, never for one picked from a gallery.
   */
  recordDeviceCapture?: boolean;
  /** Where the position comes from: default the browser's; null never asks. */
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | null;
  /** Default `POSITION_TIMEOUT_MS`. */
  positionTimeoutMs?: number;
  /** The device's clock; default `new Date()`. */
  now?: () => Date;
}

export interface PreparedPhoto {
  /** What to keep and send: the original's very bytes, or the scaled JPEG with the original's EXIF. */
  file: File;
  /** What the device recorded, for a photo that carries no capture time; otherwise null. */
  deviceCapture: DeviceCapture | null;
  /** Whether `file` is a scaled copy. */
  scaled: boolean;
  /** Pixels of `file` as shown (its EXIF orientation applied); null when its header cannot be read. */
  width: number | null;
  height: number | null;
}

async function bytesOf(blob: Blob): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The size the scaled photo gets: the long edge at `maxLongEdge`, the ratio kept. */
export function scaledSize(size: PixelSize, maxLongEdge: number): PixelSize {
  const scale = maxLongEdge / Math.max(size.width, size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** EXIF orientations 5 to 8 turn the photo a quarter: its shown width is its stored height. */
const shownSize = (size: PixelSize, orientation: number): PixelSize =>
  orientation >= 5 ? { width: size.height, height: size.width } : size;

/** The photo's pixels, upright as its EXIF orientation says (null when the browser cannot decode it). */
async function decodeUpright(file: Blob): Promise<ImageBitmap | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    try {
      // An older browser without the option applies the orientation by default, or not at all.
      return await createImageBitmap(file);
    } catch {
      return null;
    }
  }
}

/** The canvas transform that draws stored pixels (`width` x `height`) upright for an orientation. */
function orientationTransform(
  orientation: number,
  width: number,
  height: number,
): [number, number, number, number, number, number] {
  switch (orientation) {
    case 2:
      return [-1, 0, 0, 1, width, 0];
    case 3:
      return [-1, 0, 0, -1, width, height];
    case 4:
      return [1, 0, 0, -1, 0, height];
    case 5:
      return [0, 1, 1, 0, 0, 0];
    case 6:
      return [0, 1, -1, 0, height, 0];
    case 7:
      return [0, -1, -1, 0, height, width];
    case 8:
      return [0, -1, 1, 0, 0, width];
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

/** The upright pixels drawn at `size` as a JPEG, or null when the browser cannot. */
async function encodeScaled(
  bitmap: ImageBitmap,
  stored: PixelSize,
  facts: ExifFacts,
  size: PixelSize,
  quality: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const canvas: OffscreenCanvas | HTMLCanvasElement =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(size.width, size.height)
      : Object.assign(document.createElement('canvas'), size);
  const context = canvas.getContext('2d') as
    OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) return null;
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  // A JPEG has no transparency: a transparent PNG's background turns white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  const turnedByBrowser =
    facts.orientation < 5 ||
    stored.width === stored.height ||
    (bitmap.width === stored.height && bitmap.height === stored.width);
  if (turnedByBrowser) {
    context.drawImage(bitmap, 0, 0, size.width, size.height);
  } else {
    // This browser did not apply the EXIF orientation: turn the stored pixels here.
    const upright = shownSize(stored, facts.orientation);
    context.scale(size.width / upright.width, size.height / upright.height);
    context.transform(...orientationTransform(facts.orientation, stored.width, stored.height));
    context.drawImage(bitmap, 0, 0);
  }
  const blob =
    'convertToBlob' in canvas
      ? await canvas.convertToBlob({ type: 'image/jpeg', quality })
      : await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  return blob ? bytesOf(blob) : null;
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'photo'}.jpg`;
}

/** The device's position when the browser allows it within the time-out; null otherwise. */
function devicePosition(
  geolocation: Pick<Geolocation, 'getCurrentPosition'> | null | undefined,
  timeoutMs: number,
): Promise<DeviceCapture['gps']> {
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    const done = (gps: DeviceCapture['gps']) => {
      clearTimeout(timer);
      resolve(gps);
    };
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => done({ latitude: coords.latitude, longitude: coords.longitude }),
        () => done(null),
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
      );
    } catch {
      done(null);
    }
  });
}

function browserGeolocation(): Geolocation | null {
  return typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : null;
}

/**
 * Makes a photo ready to keep and send. A JPEG, PNG or WebP whose long edge passes `maxLongEdge` is
 * scaled down to it as an upright JPEG carrying the original's EXIF (Orientation 1); any other photo,
 * or one the browser cannot decode or whose EXIF cannot be carried, is kept as it is, the same bytes.
 * When what is kept carries no capture time the API reads, and `recordDeviceCapture` is not false,
 * `deviceCapture` holds the device's clock now and, if the browser grants it in time, its position.
 */
export async function preparePhoto(
  file: File,
  options: PreparePhotoOptions = {},
): Promise<PreparedPhoto> {
  const {
    maxLongEdge = PHOTO_MAX_LONG_EDGE,
    quality = PHOTO_JPEG_QUALITY,
    recordDeviceCapture = true,
    positionTimeoutMs = POSITION_TIMEOUT_MS,
    now = () => new Date(),
  } = options;
  const takenAt = now();
  const bytes = await bytesOf(file);
  const kind = photoKindOf(bytes);
  const stored = storedPixelSizeOf(bytes);
  const tiff = exifOf(bytes);
  const facts = tiff ? readExifFacts(tiff) : null;
  const shown = stored && shownSize(stored, kind === 'jpeg' ? (facts?.orientation ?? 1) : 1);
  let prepared: PreparedPhoto = {
    file,
    deviceCapture: null,
    scaled: false,
    width: shown?.width ?? null,
    height: shown?.height ?? null,
  };
  // The API reads EXIF from JPEG and PNG only (docs/decisions/0036-evidence-you-can-trust.md).
  let readableFacts = kind === 'jpeg' || kind === 'png' ? facts : null;
  if (
    stored &&
    (kind === 'jpeg' || kind === 'png' || kind === 'webp') &&
    Math.max(stored.width, stored.height) > maxLongEdge
  ) {
    const scaled = await scaledJpeg(file, stored, tiff, facts, maxLongEdge, quality);
    if (scaled) {
      prepared = {
        file: new File([scaled.bytes], jpegName(file.name), {
          type: 'image/jpeg',
          lastModified: file.lastModified,
        }),
        deviceCapture: null,
        scaled: true,
        width: scaled.size.width,
        height: scaled.size.height,
      };
      readableFacts = facts;
    }
  }
  const captured =
    readableFacts !== null &&
    exifCaptureTime(readableFacts.dateTimeOriginal, readableFacts.offsetTimeOriginal) !== null;
  if (captured || !recordDeviceCapture) return prepared;
  // A position the photo has of its own is the one the API keeps: the device is not asked.
  const gps = readableFacts?.hasGps
    ? null
    : await devicePosition(
        options.geolocation === undefined ? browserGeolocation() : options.geolocation,
        positionTimeoutMs,
      );
  const deviceCapture: DeviceCapture = { capturedAt: deviceClockText(takenAt) };
  if (gps) deviceCapture.gps = gps;
  return { ...prepared, deviceCapture };
}

async function scaledJpeg(
  file: File,
  stored: PixelSize,
  tiff: Uint8Array | null,
  facts: ExifFacts | null,
  maxLongEdge: number,
  quality: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; size: PixelSize } | null> {
  const orientation = facts ?? {
    orientation: 1,
    dateTimeOriginal: '',
    offsetTimeOriginal: '',
    hasGps: false,
  };
  const size = scaledSize(shownSize(stored, orientation.orientation), maxLongEdge);
  const exif = tiff ? uprightExif(tiff, size) : null;
  // EXIF that cannot be carried over would lose the capture data: the photo is kept as it is.
  if (tiff && !exif) return null;
  const bitmap = await decodeUpright(file);
  if (!bitmap) return null;
  try {
    const encoded = await encodeScaled(bitmap, stored, orientation, size, quality);
    if (!encoded) return null;
    const bytes = exif ? jpegWithExif(encoded, exif) : encoded;
    return bytes ? { bytes, size } : null;
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}

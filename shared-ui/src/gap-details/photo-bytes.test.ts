/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseExif } from 'exifr';
import {
  MAX_JPEG_EXIF_BYTES,
  exifOf,
  jpegWithExif,
  photoKindOf,
  readExifFacts,
  storedPixelSizeOf,
  uprightExif,
} from './photo-bytes';

// The test photos were made once with sharp and piexifjs (api's development dependencies):
// camera-rotated.jpg, 48x32 stored with EXIF Orientation 6 (shown 32x48), a Fujifilm X-T5, taken
// 2026:03:01 10:05:00 +05:30 at 18.5204, 73.8567, with a thumbnail; canvas-output.jpg, 32x48 with
// a JFIF header and no EXIF, as a canvas writes a JPEG; no-capture-time.jpg, EXIF with a make only; camera.png and
// camera.webp, 48x32 with EXIF taken 2026:04:02 08:15:30 -03:00 on a Pixel 9.
const photo = (name: string) =>
  new Uint8Array(readFileSync(path.join(__dirname, 'test-photos', name)));

/** The EXIF as the API reads it (api/src/action-plans/image-evidence.ts), with the orientation. */
async function asTheApiReads(bytes: Uint8Array) {
  const tags = (await parseExif(Buffer.from(bytes), {
    ifd0: { pick: ['Make', 'Model', 'Orientation'] },
    exif: { pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'ExifImageWidth', 'ExifImageHeight'] },
    gps: true,
    reviveValues: false,
    translateValues: false,
    mergeOutput: true,
  })) as Record<string, unknown> | undefined;
  return tags ?? {};
}

/** The thumbnail's IFD (IFD1), as exifr finds it. */
async function thumbnailOf(bytes: Uint8Array): Promise<unknown> {
  const tags = (await parseExif(Buffer.from(bytes), { ifd1: true, mergeOutput: false })) as
    { ifd1?: unknown } | undefined;
  return tags?.ifd1;
}

describe('a photo’s kind and pixel size from its header', () => {
  it.each([
    ['camera-rotated.jpg', 'jpeg', { width: 48, height: 32 }],
    ['canvas-output.jpg', 'jpeg', { width: 32, height: 48 }],
    ['camera.png', 'png', { width: 48, height: 32 }],
    ['camera.webp', 'webp', { width: 48, height: 32 }],
  ] as const)('%s is a %s of %o', (name, kind, size) => {
    const bytes = photo(name);
    expect(photoKindOf(bytes)).toBe(kind);
    expect(storedPixelSizeOf(bytes)).toEqual(size);
  });

  it('reads a frame header placed past a large EXIF segment, and nothing from a non-image', () => {
    const big = jpegWithExif(photo('canvas-output.jpg'), new Uint8Array(40_000).fill(0));
    expect(storedPixelSizeOf(big!)).toEqual({ width: 32, height: 48 });
    expect(storedPixelSizeOf(new Uint8Array(4096))).toBeNull();
    expect(photoKindOf(new Uint8Array(4096))).toBeNull();
    // Cut short inside its segments: no size rather than a wrong one.
    expect(storedPixelSizeOf(photo('camera-rotated.jpg').subarray(0, 300))).toBeNull();
  });
});

describe('a photo’s EXIF', () => {
  it('reads the orientation, capture time and GPS section of a JPEG', () => {
    const tiff = exifOf(photo('camera-rotated.jpg'));
    expect(tiff).not.toBeNull();
    expect(readExifFacts(tiff!)).toEqual({
      orientation: 6,
      dateTimeOriginal: '2026:03:01 10:05:00',
      offsetTimeOriginal: '+05:30',
      hasGps: true,
    });
  });

  it('reads the EXIF of a PNG (eXIf) and a WebP (EXIF chunk)', () => {
    for (const name of ['camera.png', 'camera.webp']) {
      expect(readExifFacts(exifOf(photo(name))!)).toMatchObject({
        dateTimeOriginal: '2026:04:02 08:15:30',
        offsetTimeOriginal: '-03:00',
        hasGps: false,
      });
    }
  });

  it('says there is no capture time when the camera wrote none, and no EXIF when there is none', () => {
    expect(readExifFacts(exifOf(photo('no-capture-time.jpg'))!)).toEqual({
      orientation: 1,
      dateTimeOriginal: '',
      offsetTimeOriginal: '',
      hasGps: false,
    });
    expect(exifOf(photo('canvas-output.jpg'))).toBeNull();
  });

  it('reads nothing from a broken TIFF block rather than failing', () => {
    expect(readExifFacts(new Uint8Array([0x49, 0x49, 0x2a, 0, 0xff, 0xff, 0, 0]))).toEqual({
      orientation: 1,
      dateTimeOriginal: '',
      offsetTimeOriginal: '',
      hasGps: false,
    });
    expect(uprightExif(new Uint8Array([1, 2, 3]), { width: 1, height: 1 })).toBeNull();
  });
});

describe('the scaled JPEG given the original’s EXIF back', () => {
  it('is read by the API with the camera’s capture time, offset, camera and position, upright', async () => {
    const original = photo('camera-rotated.jpg');
    const scaled = photo('canvas-output.jpg');
    const exif = uprightExif(exifOf(original)!, { width: 32, height: 48 });
    const out = jpegWithExif(scaled, exif!);
    expect(out).not.toBeNull();
    const before = await asTheApiReads(original);
    const after = await asTheApiReads(out!);
    expect(after).toMatchObject({
      Make: 'Fujifilm',
      Model: 'X-T5',
      DateTimeOriginal: '2026:03:01 10:05:00',
      OffsetTimeOriginal: '+05:30',
      latitude: before.latitude,
      longitude: before.longitude,
      Orientation: 1,
      ExifImageWidth: 32,
      ExifImageHeight: 48,
    });
    expect(before.Orientation).toBe(6);
    // The thumbnail, still turned, is no longer linked.
    expect(await thumbnailOf(original)).toMatchObject({ ThumbnailOffset: expect.any(Number) });
    expect(await thumbnailOf(out!)).toBeUndefined();
    // The pixels are the canvas's, byte for byte, after the EXIF.
    expect(storedPixelSizeOf(out!)).toEqual({ width: 32, height: 48 });
    const tail = scaled.subarray(scaled.length - 200);
    expect(Buffer.from(out!.subarray(out!.length - 200)).equals(Buffer.from(tail))).toBe(true);
    expect(out!.length).toBe(scaled.length + 4 + 6 + exif!.length);
  });

  it('keeps the JFIF header first and leaves the original’s TIFF block unchanged', () => {
    const original = photo('camera-rotated.jpg');
    const tiff = exifOf(original)!;
    const copy = tiff.slice();
    const out = jpegWithExif(
      photo('canvas-output.jpg'),
      uprightExif(tiff, { width: 3, height: 4 })!,
    );
    expect(Array.from(out!.subarray(0, 4))).toEqual([0xff, 0xd8, 0xff, 0xe0]);
    expect(tiff).toEqual(copy);
  });

  it('replaces the EXIF a JPEG had instead of adding a second', async () => {
    const pixel = photo('no-capture-time.jpg');
    const tiff = exifOf(photo('camera-rotated.jpg'))!;
    const out = jpegWithExif(pixel, tiff)!;
    expect(await asTheApiReads(out)).toMatchObject({ Make: 'Fujifilm', Model: 'X-T5' });
    const exifSegments = Buffer.from(out).toString('latin1').split('Exif\u0000\u0000').length - 1;
    expect(exifSegments).toBe(1);
  });

  it('carries a PNG’s EXIF into the JPEG, where the API reads its capture time', async () => {
    const tiff = uprightExif(exifOf(photo('camera.png'))!, { width: 32, height: 48 })!;
    const out = jpegWithExif(photo('canvas-output.jpg'), tiff)!;
    expect(await asTheApiReads(out)).toMatchObject({
      Model: 'Pixel 9',
      DateTimeOriginal: '2026:04:02 08:15:30',
      OffsetTimeOriginal: '-03:00',
    });
  });

  it('refuses EXIF too large for one JPEG segment, and a file that is not a JPEG', () => {
    const canvas = photo('canvas-output.jpg');
    expect(jpegWithExif(canvas, new Uint8Array(MAX_JPEG_EXIF_BYTES))).not.toBeNull();
    expect(jpegWithExif(canvas, new Uint8Array(MAX_JPEG_EXIF_BYTES + 1))).toBeNull();
    expect(jpegWithExif(photo('camera.png'), new Uint8Array(8))).toBeNull();
  });
});

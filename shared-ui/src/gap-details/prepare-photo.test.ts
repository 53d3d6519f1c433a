import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exifOf, readExifFacts, storedPixelSizeOf } from './photo-bytes';
import { PHOTO_MAX_LONG_EDGE, preparePhoto } from './prepare-photo';

// The test photos are described in photo-bytes.test.ts.
const photoBytes = (name: string) =>
  new Uint8Array(readFileSync(path.join(__dirname, 'test-photos', name)));

/**
 * The photo with its frame header saying `width` x `height`: a camera's size without its pixels (the
 * last frame header: the EXIF's thumbnail has one of its own before it).
 */
function withFrameSize(bytes: Uint8Array, width: number, height: number): Uint8Array {
  const copy = bytes.slice();
  for (let at = copy.length - 9; at > 2; at -= 1) {
    if (copy[at] === 0xff && copy[at + 1] === 0xc0) {
      new DataView(copy.buffer).setUint16(at + 5, height);
      new DataView(copy.buffer).setUint16(at + 7, width);
      return copy;
    }
  }
  throw new Error('no frame header');
}

const fileOf = (bytes: Uint8Array, name: string, type = 'image/jpeg') =>
  new File([bytes.slice().buffer], name, { type, lastModified: 1_700_000_000_000 });

async function bytesOfFile(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(file);
  });
}

const NOW = new Date('2026-03-01T04:35:00Z');
const position = (latitude: number, longitude: number) => ({
  getCurrentPosition: jest.fn((success: PositionCallback) =>
    success({ coords: { latitude, longitude } } as GeolocationPosition),
  ),
});

/** A canvas whose drawing is recorded and whose JPEG is the test photo a canvas wrote. */
class RecordingCanvas {
  static made: RecordingCanvas[] = [];
  readonly calls: unknown[][] = [];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    RecordingCanvas.made.push(this);
  }
  getContext() {
    const record =
      (name: string) =>
      (...args: unknown[]) =>
        this.calls.push([name, ...args]);
    return {
      fillRect: record('fillRect'),
      drawImage: record('drawImage'),
      scale: record('scale'),
      transform: record('transform'),
    };
  }
  convertToBlob(options: { type: string; quality: number }) {
    this.calls.push(['convertToBlob', options]);
    return Promise.resolve(new Blob([photoBytes('canvas-output.jpg').buffer as ArrayBuffer]));
  }
}

describe('preparePhoto', () => {
  const browser = globalThis as unknown as Record<string, unknown>;
  afterEach(() => {
    delete browser.createImageBitmap;
    delete browser.OffscreenCanvas;
    RecordingCanvas.made = [];
  });

  /** A browser that decodes any photo as `width` x `height` pixels, upright or not as given. */
  function decodesAs(width: number, height: number) {
    const bitmap = { width, height, close: jest.fn() };
    const decode = jest.fn(() => Promise.resolve(bitmap));
    browser.createImageBitmap = decode;
    browser.OffscreenCanvas = RecordingCanvas;
    return { decode, bitmap };
  }

  it('keeps a small photo with a capture time as it is, and asks for no position', async () => {
    const file = fileOf(photoBytes('camera-rotated.jpg'), 'IMG_0001.jpg');
    const geolocation = position(1, 2);
    const prepared = await preparePhoto(file, { geolocation, now: () => NOW });
    expect(prepared).toEqual({
      file,
      deviceCapture: null,
      scaled: false,
      width: 32,
      height: 48,
    });
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });

  it("records the device's clock and position for a photo without a capture time", async () => {
    const file = fileOf(photoBytes('no-capture-time.jpg'), 'IMG_0002.jpg');
    const geolocation = position(18.5204, 73.8567);
    const prepared = await preparePhoto(file, { geolocation, now: () => NOW });
    expect(prepared.file).toBe(file);
    expect(prepared.deviceCapture).toEqual({
      capturedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/),
      gps: { latitude: 18.5204, longitude: 73.8567 },
    });
    expect(Date.parse(prepared.deviceCapture!.capturedAt)).toBe(NOW.getTime());
  });

  it('records the time alone when the position is refused, or does not come in time', async () => {
    const file = fileOf(photoBytes('no-capture-time.jpg'), 'IMG_0003.jpg');
    const refused = {
      getCurrentPosition: (_: PositionCallback, error?: PositionErrorCallback | null) =>
        error?.({ code: 1 } as GeolocationPositionError),
    };
    const silent = { getCurrentPosition: jest.fn() };
    for (const geolocation of [refused, silent, null]) {
      const prepared = await preparePhoto(file, {
        geolocation,
        positionTimeoutMs: 0,
        now: () => NOW,
      });
      expect(prepared.deviceCapture).toEqual({ capturedAt: expect.any(String) });
    }
  });

  it('records nothing of the device for a photo picked rather than taken', async () => {
    const file = fileOf(photoBytes('no-capture-time.jpg'), 'old.jpg');
    const prepared = await preparePhoto(file, { recordDeviceCapture: false, geolocation: null });
    expect(prepared).toMatchObject({ file, deviceCapture: null });
  });

  it("scales a large camera photo down to an upright JPEG that keeps the camera's EXIF", async () => {
    const { decode, bitmap } = decodesAs(4000, 6000);
    const file = fileOf(
      withFrameSize(photoBytes('camera-rotated.jpg'), 6000, 4000),
      'IMG_0004.JPG',
    );
    const prepared = await preparePhoto(file, { geolocation: null, now: () => NOW });
    expect(decode).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    const [canvas] = RecordingCanvas.made;
    expect([canvas?.width, canvas?.height]).toEqual([1707, PHOTO_MAX_LONG_EDGE]);
    expect(canvas?.calls).toContainEqual(['drawImage', bitmap, 0, 0, 1707, 2560]);
    expect(canvas?.calls).toContainEqual(['convertToBlob', { type: 'image/jpeg', quality: 0.85 }]);
    expect(bitmap.close).toHaveBeenCalled();
    expect(prepared).toMatchObject({
      scaled: true,
      width: 1707,
      height: 2560,
      deviceCapture: null,
    });
    expect(prepared.file).toMatchObject({
      name: 'IMG_0004.jpg',
      type: 'image/jpeg',
      lastModified: 1_700_000_000_000,
    });
    const sent = await bytesOfFile(prepared.file);
    expect(storedPixelSizeOf(sent)).toEqual({ width: 32, height: 48 });
    expect(readExifFacts(exifOf(sent)!)).toEqual({
      orientation: 1,
      dateTimeOriginal: '2026:03:01 10:05:00',
      offsetTimeOriginal: '+05:30',
      hasGps: true,
    });
  });

  it('turns the pixels itself where the browser did not apply the orientation', async () => {
    const { bitmap } = decodesAs(6000, 4000);
    const file = fileOf(withFrameSize(photoBytes('camera-rotated.jpg'), 6000, 4000), 'a.jpg');
    await preparePhoto(file, { geolocation: null });
    const calls = RecordingCanvas.made[0]?.calls ?? [];
    expect(calls).toContainEqual(['transform', 0, 1, -1, 0, 4000, 0]);
    expect(calls).toContainEqual(['drawImage', bitmap, 0, 0]);
  });

  it("scales a large photo without EXIF and records the device's clock for it", async () => {
    decodesAs(5000, 3000);
    const file = fileOf(withFrameSize(photoBytes('canvas-output.jpg'), 5000, 3000), 'b.jpg');
    const prepared = await preparePhoto(file, { geolocation: position(1, 2), now: () => NOW });
    expect(prepared).toMatchObject({ scaled: true, width: 2560, height: 1536 });
    expect(exifOf(await bytesOfFile(prepared.file))).toBeNull();
    expect(prepared.deviceCapture).toEqual({
      capturedAt: expect.any(String),
      gps: { latitude: 1, longitude: 2 },
    });
  });

  it('keeps a large photo as it is where the browser cannot decode it, and anything not a photo', async () => {
    const large = fileOf(withFrameSize(photoBytes('camera-rotated.jpg'), 6000, 4000), 'c.jpg');
    expect(await preparePhoto(large, { geolocation: null })).toMatchObject({
      file: large,
      scaled: false,
      deviceCapture: null,
    });
    const noise = fileOf(new Uint8Array(4096), 'image.jpg');
    expect(await preparePhoto(noise, { geolocation: null })).toMatchObject({
      file: noise,
      scaled: false,
      width: null,
      deviceCapture: { capturedAt: expect.any(String) },
    });
  });
});

import {
  DEVICE_CAPTURE_MESSAGES,
  deviceClockText,
  exifCaptureTime,
  parseDeviceCapture,
} from './capture';

const NOW = new Date('2026-03-01T12:00:00Z');

describe("the camera's capture time from EXIF", () => {
  it('reads the clock and its offset, and nothing from blank or impossible dates', () => {
    expect(exifCaptureTime('2026:03:01 10:05:00', '+05:30')).toEqual({
      local: '2026-03-01T10:05:00',
      utcOffsetMinutes: 330,
    });
    expect(exifCaptureTime('2026:03:01 10:05:00', '')).toEqual({
      local: '2026-03-01T10:05:00',
      utcOffsetMinutes: null,
    });
    expect(exifCaptureTime('2026:03:01 10:05:00', '+15:00')?.utcOffsetMinutes).toBeNull();
    expect(exifCaptureTime('0000:00:00 00:00:00', '')).toBeNull();
    expect(exifCaptureTime('    :  :     :  :  ', '')).toBeNull();
    expect(exifCaptureTime('2026:02:30 10:05:00', '')).toBeNull();
  });
});

describe("the device's capture record", () => {
  it('keeps the local time, its offset and the position', () => {
    expect(
      parseDeviceCapture(
        '{"capturedAt":"2026-03-01T10:05:00.123+05:30","gps":{"latitude":18.52,"longitude":-73.85},"accuracy":12}',
        NOW,
      ),
    ).toEqual({
      record: {
        capturedAt: { local: '2026-03-01T10:05:00', utcOffsetMinutes: 330 },
        gps: { latitude: 18.52, longitude: -73.85 },
      },
    });
    expect(parseDeviceCapture('{"capturedAt":"2026-03-01T10:05:00Z","gps":null}', NOW)).toEqual({
      record: { capturedAt: { local: '2026-03-01T10:05:00', utcOffsetMinutes: 0 }, gps: null },
    });
  });

  it('believes a clock a little ahead of the server, not far ahead', () => {
    expect(parseDeviceCapture('{"capturedAt":"2026-03-01T12:59:00Z"}', NOW)).toHaveProperty(
      'record',
    );
    expect(parseDeviceCapture('{"capturedAt":"2026-03-01T18:30:00+05:30"}', NOW)).toHaveProperty(
      'record',
    );
    expect(parseDeviceCapture('{"capturedAt":"2026-03-01T13:01:00Z"}', NOW)).toEqual({
      problem: DEVICE_CAPTURE_MESSAGES.inTheFuture,
    });
  });

  it.each([
    ['', DEVICE_CAPTURE_MESSAGES.notJson],
    ['"2026-03-01T10:05:00Z"', DEVICE_CAPTURE_MESSAGES.notJson],
    ['{"capturedAt":1772359500000}', DEVICE_CAPTURE_MESSAGES.capturedAt],
    ['{"capturedAt":"2026-03-01T10:05Z"}', DEVICE_CAPTURE_MESSAGES.capturedAt],
    ['{"capturedAt":"2026-03-01T24:05:00Z"}', DEVICE_CAPTURE_MESSAGES.capturedAt],
    ['{"capturedAt":"2026-03-01T10:05:00+05:60"}', DEVICE_CAPTURE_MESSAGES.capturedAt],
    ['{"capturedAt":"1899-12-31T23:59:59Z"}', DEVICE_CAPTURE_MESSAGES.dateOutOfRange],
    ['{"capturedAt":"2026-03-01T10:05:00Z","gps":{"latitude":0}}', DEVICE_CAPTURE_MESSAGES.gps],
    [
      '{"capturedAt":"2026-03-01T10:05:00Z","gps":{"latitude":0,"longitude":-180.1}}',
      DEVICE_CAPTURE_MESSAGES.gps,
    ],
  ])('refuses %s', (text, problem) => {
    expect(parseDeviceCapture(text, NOW)).toEqual({ problem });
  });

  it("writes the device's clock to the second with its offset, as the API takes it", () => {
    const now = new Date('2026-03-01T10:05:07.890Z');
    const text = deviceClockText(now);
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Date.parse(text)).toBe(Date.parse('2026-03-01T10:05:07Z'));
    expect(parseDeviceCapture(JSON.stringify({ capturedAt: text }), now)).toHaveProperty('record');
  });
});

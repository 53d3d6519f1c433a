// When and where a photo was taken: the camera's record (EXIF) as the API reads it, and the device's
// own record sent beside a photo that carries none (docs/decisions/0102-photos-prepared-on-the-device.md).
// The browser decides with the same rule whether a photo has a capture time.

import { t } from '#texts';
/** The camera's clock when the photo was taken, and its offset from UTC when the image says. */
export interface CaptureTime {
  /** `YYYY-MM-DDTHH:MM:SS`, as the camera's clock read. */
  local: string;
  utcOffsetMinutes: number | null;
}

/** Minutes east of UTC that a clock can be set to: UTC−12 to UTC+14. */
const OFFSET_MIN = -720;
const OFFSET_MAX = 840;

function exactDate(parts: readonly number[]): boolean {
  const [year, month, day, hour, minute, second] = parts as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/** `+HH:MM` as minutes east of UTC; null when it is not a real offset. */
function offsetMinutesOf(text: string): number | null {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(text);
  if (!match || Number(match[3]) >= 60) return null;
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return minutes >= OFFSET_MIN && minutes <= OFFSET_MAX ? minutes : null;
}

/**
 * EXIF's DateTimeOriginal (`YYYY:MM:DD HH:MM:SS`) and OffsetTimeOriginal (`+HH:MM`, '' when absent)
 * as a capture time; null for the blank or impossible dates some cameras write.
 */
export function exifCaptureTime(
  dateTimeOriginal: string,
  offsetTimeOriginal: string,
): CaptureTime | null {
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(dateTimeOriginal);
  if (!match || !exactDate(match.slice(1).map(Number))) return null;
  return {
    local: `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}`,
    utcOffsetMinutes: offsetMinutesOf(offsetTimeOriginal),
  };
}

/**
 * What the device recorded when a photo was taken without a capture time of its own: its clock, with
 * its UTC offset, and its position when the browser was allowed to read it.
 */
export interface DeviceCapture {
  /** ISO 8601 to the second with the device's UTC offset: `2026-03-01T10:05:00+05:30` (or `Z`). */
  capturedAt: string;
  gps?: { latitude: number; longitude: number } | null;
}

/** Which of an image's capture data the uploading device recorded, not the camera. */
export const DEVICE_RECORDED_FIELDS = ['capturedAt', 'gps'] as const;
export type DeviceRecordedField = (typeof DEVICE_RECORDED_FIELDS)[number];

/** A device's clock may run this far ahead of the server's and still be believed. */
export const DEVICE_CLOCK_AHEAD_MS = 60 * 60 * 1000;

export const DEVICE_CAPTURE_MESSAGES = {
  notJson: t('contract.refusal.capture.notJson'),
  capturedAt: t('contract.refusal.capture.capturedAt'),
  dateOutOfRange: t('contract.refusal.capture.dateOutOfRange'),
  inTheFuture: t('contract.refusal.capture.inTheFuture'),
  gps: t('contract.refusal.capture.gps'),
  withoutImage: t('contract.refusal.capture.withoutImage'),
  tooLong: t('contract.refusal.capture.tooLong'),
} as const;

/** A device's capture record as the API keeps it: the clock's local time and offset, the position. */
export interface DeviceCaptureRecord {
  capturedAt: CaptureTime & { utcOffsetMinutes: number };
  gps: { latitude: number; longitude: number } | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const inRange = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/**
 * The device capture record sent as `text`, or the message saying what is wrong with it. `now` is the
 * server's clock: a capture later than it (by more than a device's clock may run ahead) is refused.
 * Properties other than `capturedAt` and `gps` are dropped, as everywhere in the API.
 */
export function parseDeviceCapture(
  text: string,
  now: Date,
): { record: DeviceCaptureRecord } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: DEVICE_CAPTURE_MESSAGES.notJson };
  }
  if (!isRecord(value)) return { problem: DEVICE_CAPTURE_MESSAGES.notJson };
  const match =
    typeof value.capturedAt === 'string'
      ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/.exec(
          value.capturedAt,
        )
      : null;
  if (!match) return { problem: DEVICE_CAPTURE_MESSAGES.capturedAt };
  const year = Number(match[1]);
  if (year < 1900 || year > 9999) return { problem: DEVICE_CAPTURE_MESSAGES.dateOutOfRange };
  const offset = match[7] === 'Z' ? 0 : offsetMinutesOf(match[7] as string);
  if (offset === null || !exactDate(match.slice(1, 7).map(Number))) {
    return { problem: DEVICE_CAPTURE_MESSAGES.capturedAt };
  }
  const local = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}`;
  const instant = Date.parse(`${local}Z`) - offset * 60_000;
  if (instant > now.getTime() + DEVICE_CLOCK_AHEAD_MS) {
    return { problem: DEVICE_CAPTURE_MESSAGES.inTheFuture };
  }
  let gps: DeviceCaptureRecord['gps'] = null;
  if (value.gps !== undefined && value.gps !== null) {
    const position = value.gps;
    if (
      !isRecord(position) ||
      !inRange(position.latitude, 90) ||
      !inRange(position.longitude, 180)
    ) {
      return { problem: DEVICE_CAPTURE_MESSAGES.gps };
    }
    gps = { latitude: position.latitude, longitude: position.longitude };
  }
  return { record: { capturedAt: { local, utcOffsetMinutes: offset }, gps } };
}

/** The device's clock now as `DeviceCapture.capturedAt`: local time to the second with its offset. */
export function deviceClockText(now: Date): string {
  const offset = -now.getTimezoneOffset();
  const local = new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const whole = Math.abs(offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local}${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

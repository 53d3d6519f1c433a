// The demo's site photo: a 32x32 JPEG (green, with a darker diagonal) whose EXIF names a camera, a
// position at the Pune rolling mill and a capture time in India's time zone (+05:30). Made once with
// jpeg-js and piexifjs; kept as bytes so the seed needs neither.
const DEMO_JPEG_BASE64 = [
  '/9j/4QDwRXhpZgAATU0AKgAAAAgABAEPAAIAAAAHAAAAPgEQAAIAAAAMAAAARYdpAAQAAAABAAAAUYglAAQAAAABAAAA',
  'hgAAAABWZXJpdHkARGVtbyBDYW1lcmEAAAKQAwACAAAAFAAAAGuQEQACAAAABwAAAH8yMDAwOjAxOjAxIDAwOjAwOjAw',
  'ACswNTozMAAABAABAAIAAAACTgAAAAACAAUAAAADAAAAuAADAAIAAAACRQAAAAAEAAUAAAADAAAA0AAAABIAAAABAAAA',
  'HwAAAAEAAAVAAAAAZAAAAEkAAAABAAAAMwAAAAEAAAlsAAAAZP/gABBKRklGAAEBAAABAAEAAP/bAIQADQkKCwoIDQsK',
  'Cw4ODQ8TIBUTEhITJxweFyAuKTEwLiktLDM6Sj4zNkY3LC1AV0FGTE5SU1IyPlphWlBgSlFSTwEODg4TERMmFRUmTzUt',
  'NU9PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09P/8AAEQgAIAAgAwERAAIRAQMR',
  'Af/EAaIAAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKCxAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJx',
  'FDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4',
  'eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP0',
  '9fb3+Pn6AQADAQEBAQEBAQEBAAAAAAAAAQIDBAUGBwgJCgsRAAIBAgQEAwQHBQQEAAECdwABAgMRBAUhMQYSQVEHYXET',
  'IjKBCBRCkaGxwQkjM1LwFWJy0QoWJDThJfEXGBkaJicoKSo1Njc4OTpDREVGR0hJSlNUVVZXWFlaY2RlZmdoaWpzdHV2',
  'd3h5eoKDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uLj5OXm5+jp6vLz',
  '9PX29/j5+v/aAAwDAQACEQMRAD8Asf6R4eu/4pbGU/iP8G/n/LmPEOhhmjnhWWFw6MMgigB9ABQAyaGOeFopkDowwQaA',
  'Oe/0jw9d/wAUtjKfxH+Dfz/kAdDDNHPCssLh0YZBFAD6ACgBk0Mc8LRTIHRhgg0Ac9/pHh67/ilsZT+I/wAG/n/IA6GG',
  'aOeFZYXDowyCKAH0AFADJoY54WimQOjDBBoA57/SPD13/FLYyn8R/g38/wCQB//Z',
].join('');

/** The EXIF DateTimeOriginal the bytes carry, replaced by the real capture time (same length). */
const CAPTURE_TIME_PLACEHOLDER = '2000:01:01 00:00:00';

/** The UTC offset the photo's EXIF OffsetTimeOriginal records (+05:30). */
export const DEMO_PHOTO_UTC_OFFSET_MINUTES = 330;

/** The site photo, taken at `capturedAt` by the camera's clock in India. */
export function demoSitePhoto(capturedAt: Date): Buffer {
  const bytes = Buffer.from(DEMO_JPEG_BASE64, 'base64');
  const at = bytes.indexOf(CAPTURE_TIME_PLACEHOLDER, 0, 'latin1');
  if (at < 0) throw new Error('The demo photo has no capture time to set');
  const local = new Date(
    capturedAt.getTime() + DEMO_PHOTO_UTC_OFFSET_MINUTES * 60_000,
  ).toISOString();
  const exifTime = `${local.slice(0, 10).replace(/-/g, ':')} ${local.slice(11, 19)}`;
  bytes.write(exifTime, at, 'latin1');
  return bytes;
}

// What a remark may carry, for the API's checks and the screen's picker alike, so the picker never
// offers or sends what the server refuses.
import { textRecord } from '../text-records';

/** The image kinds the API recognises by their first bytes. */
export const REMARK_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;

/**
 * The multipart text field that carries the device's capture record of the `documents` file right
 * after it (PATCH /gap/{id}/remark, POST /incident/{id}/photos;
 * docs/decisions/0102-photos-prepared-on-the-device.md). Here, beside the image limits, so the
 * browser's call needs nothing else of the capture rules.
 */
export const DEVICE_CAPTURE_FIELD = 'deviceCapture';

/** At most this many images on one remark. */
export const REMARK_ATTACHMENT_MAX_FILES = 10;

/** Each image at most 5 MB. */
export const REMARK_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

export const ATTACHMENT_NOT_AN_IMAGE = 'Only images can be attached (PNG, JPEG, GIF or WebP).';
export const ATTACHMENT_TOO_LARGE = 'Each image can be at most 5 MB.';
export const TOO_MANY_ATTACHMENTS = 'At most 10 images can be attached to one remark.';

/**
 * What an image's evidence warns about, shown as badges and never a reason to refuse it: no capture
 * data at all, a capture time before the gap was raised, the same file on another gap of the client.
 */
export const EVIDENCE_WARNINGS = [
  'noCaptureData',
  'takenBeforeGap',
  'sameFileOnAnotherGap',
] as const;
export type EvidenceWarning = (typeof EVIDENCE_WARNINGS)[number];

/** Why a picked file cannot go with a remark, or undefined when it can (`count`: files already on it). */
export function attachmentProblem(
  file: { type: string; size: number },
  count: number,
): string | undefined {
  if (!(REMARK_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
    return ATTACHMENT_MESSAGES.ATTACHMENT_NOT_AN_IMAGE;
  }
  if (file.size > REMARK_ATTACHMENT_MAX_BYTES) return ATTACHMENT_MESSAGES.ATTACHMENT_TOO_LARGE;
  if (count >= REMARK_ATTACHMENT_MAX_FILES) return ATTACHMENT_MESSAGES.TOO_MANY_ATTACHMENTS;
  return undefined;
}

/**
 * The attachment messages in the language in use, for the screens and attachmentProblem (the same
 * names as the English constants, which the API's answers keep).
 */
export const ATTACHMENT_MESSAGES = textRecord({
  ATTACHMENT_NOT_AN_IMAGE: 'contract.attachment.notAnImage',
  ATTACHMENT_TOO_LARGE: 'contract.attachment.tooLarge',
  TOO_MANY_ATTACHMENTS: 'contract.attachment.tooMany',
});

// Reading a remark's multipart body: the comments field and image files streamed into storage.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import {
  DEVICE_CAPTURE_FIELD,
  DEVICE_CAPTURE_MESSAGES,
  REMARK_ATTACHMENT_MAX_BYTES,
  REMARK_ATTACHMENT_MAX_FILES,
  parseDeviceCapture,
  textProblem,
  type DeviceCaptureRecord,
  type DeviceRecordedField,
} from '@verity/shared-api/src/server';
import type { Queryable } from '../db';
import { ApiError, invalid, isMalformedMultipart, malformedUpload, notFound } from '../errors';
import { actionPlanMessages, errorCodes } from '../messages';
import type { FastifyReply } from 'fastify';
import { AttachmentNotFoundError, type AttachmentStorage } from '../storage/attachment-storage';
import { EvidenceTap, type ImageEvidence } from './image-evidence';
import { detectImage, SIGNATURE_BYTES } from './image-signature';
import type { UploadAllowance } from './upload-limits';

/**
 * Limits of one remark's upload
 * (docs/decisions/0015-action-plans-gaps-remarks-and-csv-export-api.md).
 */
export const REMARK_UPLOAD_LIMITS = {
  fileSize: REMARK_ATTACHMENT_MAX_BYTES,
  files: REMARK_ATTACHMENT_MAX_FILES,
  // The comments and, before each file, its device capture record (decision 0102).
  fields: 5 + REMARK_ATTACHMENT_MAX_FILES,
  parts: 16 + REMARK_ATTACHMENT_MAX_FILES,
  fieldSize: 20_000,
  headerPairs: 100,
} as const;

export interface StoredDocument {
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  /** What the file says about itself, with the device's record standing in for a missing capture time. */
  evidence: ImageEvidence;
  /** Which of the evidence's capture data the device recorded, not the camera. */
  deviceRecorded: DeviceRecordedField[];
}

export interface RemarkUpload {
  comments: string;
  documents: StoredDocument[];
}

const notAnImage = () =>
  new ApiError(400, errorCodes.validationFailed, actionPlanMessages.notAnImage);
const fileTooLarge = () =>
  new ApiError(413, 'ATTACHMENT_TOO_LARGE', actionPlanMessages.attachmentTooLarge);
const tooManyParts = () =>
  new ApiError(413, 'TOO_MANY_ATTACHMENTS', actionPlanMessages.tooManyAttachments);

/** Multipart's own limit errors as the API's answers. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return tooManyParts();
  }
  if (isMalformedMultipart(error)) return malformedUpload();
  return error;
}

/** The first bytes of a file stream and a stream of the whole file (those bytes included). */
async function sniff(file: Readable): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < SIGNATURE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield next.value;
    }
  }
  return { head, whole: Readable.from(rest(), { objectMode: false }) };
}

/** The bytes of one request's files so far, refused as soon as they pass the allowance. */
class UploadBudget {
  private used = 0;
  constructor(private readonly allowance: UploadAllowance) {}

  /** The file's bytes, failing with the allowance's refusal at the first byte past it. */
  metered(file: Readable): Readable {
    return Readable.from(this.chunks(file), { objectMode: false });
  }

  private async *chunks(file: Readable) {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      this.used += chunk.length;
      if (this.used > this.allowance.bytes) throw this.allowance.refusal();
      yield chunk;
    }
  }
}

const UNLIMITED: UploadAllowance = {
  bytes: Number.POSITIVE_INFINITY,
  refusal: () => new ApiError(413, 'UPLOAD_TOO_LARGE', actionPlanMessages.attachmentTooLarge),
};

/**
 * The file's evidence with the device's record in place of a capture time the file does not carry:
 * its clock, and its position unless the file has one of its own. A file with a capture time keeps
 * the camera's record whole, and the device's is not used.
 */
export function withDeviceCapture(
  evidence: ImageEvidence,
  record: DeviceCaptureRecord | null,
): Pick<StoredDocument, 'evidence' | 'deviceRecorded'> {
  if (!record || evidence.capturedAt) return { evidence, deviceRecorded: [] };
  const gpsFromDevice = evidence.gps === null && record.gps !== null;
  return {
    evidence: {
      ...evidence,
      capturedAt: record.capturedAt,
      gps: gpsFromDevice ? record.gps : evidence.gps,
    },
    deviceRecorded: gpsFromDevice ? ['capturedAt', 'gps'] : ['capturedAt'],
  };
}

async function storeFile(
  storage: AttachmentStorage,
  part: MultipartFile,
  budget: UploadBudget,
  deviceCapture: DeviceCaptureRecord | null,
): Promise<StoredDocument> {
  const nameProblem = textProblem(part.filename);
  if (nameProblem) {
    part.file.destroy();
    throw invalid(nameProblem);
  }
  const { head, whole } = await sniff(part.file);
  const kind = detectImage(head);
  if (!kind) {
    part.file.destroy();
    throw notAnImage();
  }
  const storageKey = `${randomUUID()}.${kind.extension}`;
  const tap = new EvidenceTap();
  const { size } = await storage.put(
    storageKey,
    budget.metered(tap.through(whole)),
    kind.contentType,
  );
  if (part.file.truncated) {
    await storage.delete(storageKey);
    throw fileTooLarge();
  }
  return {
    storageKey,
    fileName: part.filename || `image.${kind.extension}`,
    contentType: kind.contentType,
    size,
    ...withDeviceCapture(await tap.evidence(), deviceCapture),
  };
}

/** A device capture record as sent, or 400 saying what is wrong with it. */
function readDeviceCapture(value: unknown): DeviceCaptureRecord {
  const text = typeof value === 'string' ? value : '';
  const problem = textProblem(text);
  if (problem) throw invalid(problem);
  const parsed = parseDeviceCapture(text, new Date());
  if ('problem' in parsed) throw invalid(parsed.problem);
  return parsed.record;
}

/**
 * Reads the parts in order, storing each image as it arrives, and stops as soon as the files pass the
 * allowance (storage quota or upload rate). On any refusal every file written for this request is
 * deleted again, so a refused remark leaves nothing behind.
 */
export async function readRemarkUpload(
  parts: AsyncIterableIterator<Multipart>,
  storage: AttachmentStorage,
  allowance: UploadAllowance = UNLIMITED,
): Promise<RemarkUpload> {
  const budget = new UploadBudget(allowance);
  let comments = '';
  const documents: StoredDocument[] = [];
  // A device capture record describes the file that comes right after it, and no other part.
  let deviceCapture: DeviceCaptureRecord | null = null;
  try {
    for await (const part of parts) {
      const isDocument = part.type === 'file' && part.fieldname === 'documents';
      if (deviceCapture && !isDocument) throw invalid(DEVICE_CAPTURE_MESSAGES.withoutImage);
      if (part.type === 'file') {
        if (!isDocument) {
          await finished(part.file.resume());
          continue;
        }
        documents.push(await storeFile(storage, part, budget, deviceCapture));
        deviceCapture = null;
      } else if (part.fieldname === DEVICE_CAPTURE_FIELD) {
        if (part.valueTruncated) throw invalid(DEVICE_CAPTURE_MESSAGES.tooLong);
        deviceCapture = readDeviceCapture(part.value);
      } else if (part.fieldname === 'comments' && typeof part.value === 'string') {
        const problem = textProblem(part.value);
        if (problem) throw invalid(problem);
        comments = part.value;
      }
    }
    if (deviceCapture) throw invalid(DEVICE_CAPTURE_MESSAGES.withoutImage);
  } catch (error) {
    await discardDocuments(storage, documents);
    throw uploadError(error);
  }
  return { comments, documents };
}

/**
 * Makes a saved remark's files permanent. Never throws: the rows are committed, and a file left
 * pending is made permanent by the next sweep (and served meanwhile).
 */
export async function commitDocuments(
  storage: AttachmentStorage,
  documents: readonly StoredDocument[],
  onError: (error: unknown) => void,
): Promise<void> {
  await Promise.all(documents.map((doc) => storage.commit(doc.storageKey).catch(onError)));
}

/**
 * A stored image's file and evidence, in the columns remarks' and incidents' images both keep
 * (`storage_key` to `device_recorded`), with their values for `doc`: a statement writes the columns
 * and takes the values from its `first` placeholder on.
 */
export function storedImageColumns(doc: StoredDocument, first: number) {
  const { evidence } = doc;
  // captured_at is the camera's local time, without a zone.
  const placeholders = Array.from({ length: 13 }, (_, index) =>
    index === 7
      ? `$${first + index}::timestamp`
      : index === 12
        ? `$${first + index}::text[]`
        : `$${first + index}`,
  );
  return {
    columns: `storage_key, file_name, content_type, size, sha256, width, height, captured_at,
      captured_utc_offset_minutes, camera, gps_latitude, gps_longitude, device_recorded`,
    placeholders: placeholders.join(', '),
    values: [
      doc.storageKey,
      doc.fileName,
      doc.contentType,
      doc.size,
      evidence.sha256,
      evidence.width,
      evidence.height,
      evidence.capturedAt?.local ?? null,
      evidence.capturedAt?.utcOffsetMinutes ?? null,
      evidence.camera,
      evidence.gps?.latitude ?? null,
      evidence.gps?.longitude ?? null,
      doc.deviceRecorded,
    ],
  };
}

/** The row of one stored image of a remark, with its evidence. */
export async function insertRemarkDocument(
  tx: Queryable,
  remarkId: string,
  doc: StoredDocument,
  position: number,
): Promise<void> {
  const image = storedImageColumns(doc, 3);
  await tx.query(
    `INSERT INTO remark_documents (remark_id, position, ${image.columns})
     VALUES ($1, $2, ${image.placeholders})`,
    [remarkId, position, ...image.values],
  );
}

/** Deletes files written for a remark that was not saved. */
export async function discardDocuments(
  storage: AttachmentStorage,
  documents: readonly StoredDocument[],
): Promise<void> {
  await Promise.all(documents.map((doc) => storage.delete(doc.storageKey).catch(() => undefined)));
}

/**
 * Sends a stored image (a remark's or an incident's) to the user who may see it: a file gone from
 * storage is 404; cached in the browser only, never sniffed as another type.
 */
export async function sendStoredImage(
  reply: FastifyReply,
  storage: AttachmentStorage,
  image: { storage_key: string; content_type: string; size: number },
): Promise<FastifyReply> {
  const body = await storage.get(image.storage_key).catch((error: unknown) => {
    throw error instanceof AttachmentNotFoundError ? notFound() : error;
  });
  return reply
    .header('Content-Type', image.content_type)
    .header('Content-Length', image.size)
    .header('Cache-Control', 'private, max-age=3600')
    .header('X-Content-Type-Options', 'nosniff')
    .send(body);
}

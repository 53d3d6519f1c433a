import path from 'node:path';
import type { ApiConfig } from '../config';
import type { AttachmentStorage } from './attachment-storage';
import { localAttachmentStorage } from './local-attachment-storage';

/**
 * The attachment storage ATTACHMENT_STORAGE chooses, and how to release it once done. The S3 client
 * (about 20 MB of code) is loaded only when the bucket is chosen.
 */
export async function configuredAttachmentStorage(
  config: Pick<ApiConfig, 'attachmentStorage' | 'dataDir' | 'attachmentMinFreeBytes'>,
): Promise<{ storage: AttachmentStorage; close(): void }> {
  const settings = config.attachmentStorage;
  if (settings.kind === 's3') {
    const { s3AttachmentStorage } = await import('./s3-attachment-storage');
    const bucket = s3AttachmentStorage(settings);
    return { storage: bucket, close: () => bucket.destroy() };
  }
  return {
    storage: localAttachmentStorage(path.join(config.dataDir, 'attachments'), {
      minFreeBytes: config.attachmentMinFreeBytes,
    }),
    close: () => undefined,
  };
}

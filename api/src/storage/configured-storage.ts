import path from 'node:path';
import type { ApiConfig } from '../config';
import type { AttachmentStorage } from './attachment-storage';
import { localAttachmentStorage } from './local-attachment-storage';
import { s3AttachmentStorage } from './s3-attachment-storage';

/** The attachment storage ATTACHMENT_STORAGE chooses, and how to release it once done. */
export function configuredAttachmentStorage(
  config: Pick<ApiConfig, 'attachmentStorage' | 'dataDir'>,
): { storage: AttachmentStorage; close(): void } {
  const settings = config.attachmentStorage;
  if (settings.kind === 's3') {
    const bucket = s3AttachmentStorage(settings);
    return { storage: bucket, close: () => bucket.destroy() };
  }
  return {
    storage: localAttachmentStorage(path.join(config.dataDir, 'attachments')),
    close: () => undefined,
  };
}

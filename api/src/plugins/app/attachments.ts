import path from 'node:path';
import fp from 'fastify-plugin';
import { SWEEP_EVERY_MS, sweepAttachments } from '../../storage/attachment-sweep';
import type { AttachmentStorage } from '../../storage/attachment-storage';
import { localAttachmentStorage } from '../../storage/local-attachment-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where remark attachments live (`${DATA_DIR}/attachments`). */
    attachments: AttachmentStorage;
  }
}

/** The attachment storage, swept of what crashes left behind once at start and then on a schedule. */
export default fp(
  async (fastify) => {
    const storage = localAttachmentStorage(path.join(fastify.config.dataDir, 'attachments'));
    fastify.decorate('attachments', storage);

    let running: Promise<void> | undefined;
    const sweep = () => {
      running ??= sweepAttachments(fastify.db, storage)
        .then(
          (result) => {
            if (result.committed + result.removed > 0)
              fastify.log.info(result, 'attachments swept');
          },
          (error: unknown) => fastify.log.warn({ err: error }, 'attachment sweep failed'),
        )
        .finally(() => {
          running = undefined;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
    });
    fastify.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'attachments', dependencies: ['config', 'database'] },
);

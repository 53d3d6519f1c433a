import fp from 'fastify-plugin';
import { SWEEP_EVERY_MS, sweepAttachments } from '../../storage/attachment-sweep';
import type { AttachmentStorage } from '../../storage/attachment-storage';
import { configuredAttachmentStorage } from '../../storage/configured-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where remark attachments live: `${DATA_DIR}/attachments`, or the bucket ATTACHMENT_STORAGE=s3 names. */
    attachments: AttachmentStorage;
  }
}

/** The attachment storage, swept of what crashes left behind once at start and then on a schedule. */
export default fp(
  async (fastify) => {
    const { storage, close } = await configuredAttachmentStorage(fastify.config);
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
      close();
    });
  },
  { name: 'attachments', dependencies: ['config', 'database'] },
);

import fp from 'fastify-plugin';
import { ROLL_EVERY_MS, rollCompanySummaries } from '../../dashboards/summary-roll';

/**
 * The per-company summaries rolled forward every hour (any number of API instances may do it at once:
 * the rows are locked in one order, and a second roll finds nothing due). Not at start: the figures
 * are exact without it, and a start stays one query shorter.
 */
export default fp(
  async (fastify) => {
    let running: Promise<void> | undefined;
    const roll = () => {
      running ??= rollCompanySummaries(fastify.db)
        .then(
          () => undefined,
          (error: unknown) => fastify.log.warn({ err: error }, 'summary roll failed'),
        )
        .finally(() => {
          running = undefined;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      timer = setInterval(roll, ROLL_EVERY_MS).unref();
    });
    fastify.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'summaries', dependencies: ['database'] },
);

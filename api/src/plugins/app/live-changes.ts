import fp from 'fastify-plugin';
import { CHANGES_CHANNEL, ChangeFeed } from '../../live/change-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** The changes this process hears from the database, for the streams of `GET /events`. */
    changeFeed: ChangeFeed;
  }
}

/**
 * Listens to the database's change notifications from start to close (docs/decisions.md "Live
 * updates"). A listening connection that PostgreSQL loses is opened again by the database layer,
 * which then says changes may have been missed; every stream passes that on.
 */
export default fp(
  async (fastify) => {
    const feed = new ChangeFeed();
    fastify.decorate('changeFeed', feed);
    const stop = await fastify.db.listen(CHANGES_CHANNEL, {
      onNotification: (payload) => feed.publish(payload),
      onMissed: () => {
        fastify.log.warn('change notifications may have been missed; streams told to read again');
        feed.missed();
      },
    });
    // Open streams never end by themselves: end them first, so closing does not wait for them.
    fastify.addHook('preClose', async () => {
      feed.closeAll();
    });
    fastify.addHook('onClose', async () => {
      await stop();
    });
  },
  { name: 'live-changes', dependencies: ['database'] },
);

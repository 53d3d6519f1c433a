import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (fastify) => {
    const mailer = createMailer(fastify.config);
    fastify.decorate('mailer', mailer);
    fastify.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer', dependencies: ['config'] },
);

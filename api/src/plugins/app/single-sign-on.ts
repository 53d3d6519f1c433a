import fp from 'fastify-plugin';
import { ssoProviders, type SsoProviders } from '../../sso/providers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The organisations' own identity providers (docs/decisions/0098-single-sign-on.md). */
    ssoProviders: SsoProviders;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('ssoProviders', ssoProviders(fastify.config.singleSignOn.privateHosts));
  },
  { name: 'single-sign-on', dependencies: ['config'] },
);

import fp from 'fastify-plugin';
import { CsvDownloads } from '../../csv-downloads';

declare module 'fastify' {
  interface FastifyInstance {
    /** The CSV downloads open in this process, capped, and closed when their reader stalls. */
    csvDownloads: CsvDownloads;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('csvDownloads', new CsvDownloads(fastify.config.csvExportStallSeconds * 1000));
  },
  { name: 'csv-downloads', dependencies: ['config'] },
);

import fp from 'fastify-plugin';
import { openDatabase, runMigrations, type Database } from '../../db';
import { seedDemo } from '../../seed/demo-seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DatabasePluginOptions {
  /** An already-open database; the app then uses it without closing it. */
  database?: Database;
}

/** Opens the database (PGlite or PostgreSQL), applies migrations, loads the demo data when asked, closes on shutdown. */
export default fp<DatabasePluginOptions>(
  async (fastify, options) => {
    const { config } = fastify;
    const db =
      options.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        onIdleError: (error) => fastify.log.warn({ err: error }, 'idle database connection failed'),
      }));
    try {
      const applied = await runMigrations(db);
      if (applied.length > 0) fastify.log.info({ applied }, 'migrations applied');
      if (config.seedDemo) await seedDemo(db, config.demoAccountsFile, { dataDir: config.dataDir });
    } catch (error) {
      if (!options.database) await db.close();
      throw error;
    }
    if (!options.database) fastify.addHook('onClose', () => db.close());
    fastify.decorate('db', db);
  },
  { name: 'database', dependencies: ['config'] },
);

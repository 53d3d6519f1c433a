import fp from 'fastify-plugin';
import { openDatabase, runMigrations, type Database } from '../../db';
import { seedDemo } from '../../seed/demo-seed';
import { configuredAttachmentStorage } from '../../storage/configured-storage';

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
    const prepare = async (db: Database) => {
      const applied = await runMigrations(db);
      if (applied.length > 0) fastify.log.info({ applied }, 'migrations applied');
      if (config.seedDemo) {
        // The demo's photos go where the API will look for them: the folder or the bucket.
        const { storage, close } = await configuredAttachmentStorage(config);
        try {
          await seedDemo(db, config.demoAccountsFile, { attachments: storage });
        } finally {
          close();
        }
      }
    };
    const open = (requestLimits = true) =>
      openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        requestLimits,
        onIdleError: (error) => fastify.log.warn({ err: error }, 'idle database connection failed'),
      });

    let db: Database;
    if (options.database) {
      db = options.database;
      await prepare(db);
    } else {
      if (config.databaseUrl) {
        // A migration may run far longer than a request may: on connections of its own, unlimited.
        const setup = await open(false);
        try {
          await prepare(setup);
        } finally {
          await setup.close();
        }
      }
      db = await open();
      if (!config.databaseUrl) {
        await prepare(db).catch(async (error: unknown) => {
          await db.close();
          throw error;
        });
      }
      fastify.addHook('onClose', () => db.close());
    }
    fastify.decorate('db', db);
  },
  { name: 'database', dependencies: ['config'] },
);

// The world of the tests of an organisation's integrations (API tokens, webhooks): an app on a
// PostgreSQL database of its own, the action plan tests' organisations, owners and their sessions,
// and a plan with one gap for the integrations to read and change.
import type { FastifyInstance } from 'fastify';
import {
  addGap,
  buildWorld,
  createPlan,
  gapsOf,
  validGap,
  type World,
} from '../routes/action-plans/fixtures';
import { buildTestApp } from './app';
import { createTestDatabase, type TestDatabase } from './databases';

export interface IntegrationsWorld {
  database: TestDatabase;
  app: FastifyInstance;
  world: World;
  planId: string;
  gapId: string;
  /** Closes the app, then drops its database. */
  close(): Promise<void>;
}

/** Builds the world on an app with the environment `env` (and `options`) of `buildTestApp`. */
export async function buildIntegrationsWorld(
  env: NodeJS.ProcessEnv = {},
  options: Parameters<typeof buildTestApp>[2] = {},
): Promise<IntegrationsWorld> {
  const database = await createTestDatabase('postgres');
  const app = await buildTestApp(database, env, options).catch(async (error: unknown) => {
    await database.dispose();
    throw error;
  });
  const close = async () => {
    await app.close();
    await database.dispose();
  };
  try {
    const world = await buildWorld(app);
    const planId = await createPlan(world);
    await addGap(world, planId, validGap());
    const gapId = (await gapsOf(world, planId))[0]!.id as string;
    return { database, app, world, planId, gapId, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Makes something as `as` with a POST to `url`, which must answer 201; answers its data. */
export async function created<T>(
  world: World,
  as: keyof World['as'],
  url: string,
  payload: object,
): Promise<T> {
  const response = await world.as[as]({ method: 'POST', url, payload });
  expect([response.statusCode, response.body.slice(0, 200)]).toEqual([
    201,
    response.body.slice(0, 200),
  ]);
  return response.json().data as T;
}

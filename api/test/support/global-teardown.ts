// Stops the identity server the run's globalSetup started, and drops the run's databases whose
// drop a worker's exit cut short (test-run.ts).
import { dropLeftDatabases } from './test-run';

export default async function globalTeardown(): Promise<void> {
  await globalThis.verityTestIdentity?.stop();
  await dropLeftDatabases();
}

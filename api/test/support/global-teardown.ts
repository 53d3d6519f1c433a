// Stops the identity server the run's globalSetup started.
export default async function globalTeardown(): Promise<void> {
  await globalThis.verityTestIdentity?.stop();
}

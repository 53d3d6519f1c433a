// jest globalSetup of the projects whose tests start the services as processes: those run the
// compiled code (`node dist/...`), so it is compiled first when its sources changed.
import { buildServices } from '../scripts/build-services.mjs';

export default async function compileServices() {
  await buildServices();
}

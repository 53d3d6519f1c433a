import { LiveUpdates } from '@verity/feature-action-plans';
import { AreaQueryProvider } from '@verity/query';
import { AuditorRoutes } from './routes';

/** The auditor area, exposed as './app'; the shell renders it inside its router under /auditor. */
export default function AuditorApp() {
  return (
    <AreaQueryProvider>
      <LiveUpdates />
      <AuditorRoutes />
    </AreaQueryProvider>
  );
}

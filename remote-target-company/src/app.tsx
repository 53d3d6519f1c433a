import { LiveUpdates } from '@verity/feature-action-plans';
import { AreaQueryProvider } from '@verity/query';
import { TargetCompanyRoutes } from './routes';

/** The target-company area, exposed as './app'; the shell renders it inside its router under /target-company. */
export default function TargetCompanyApp() {
  return (
    <AreaQueryProvider>
      <LiveUpdates />
      <TargetCompanyRoutes />
    </AreaQueryProvider>
  );
}

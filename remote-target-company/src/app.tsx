import { AreaQueryProvider } from '@verity/query';
import { TargetCompanyRoutes } from './routes';

/** The target-company area, exposed as './app'; the shell renders it inside its router under /target-company. */
export default function TargetCompanyApp() {
  return (
    <AreaQueryProvider>
      <TargetCompanyRoutes />
    </AreaQueryProvider>
  );
}

import { LiveUpdates } from '@verity/feature-action-plans';
import { AreaQueryProvider } from '@verity/query';
import { ClientRoutes } from './routes';

/** The client area, exposed as './app'; the shell renders it inside its router under /client. */
export default function ClientApp() {
  return (
    <AreaQueryProvider>
      <LiveUpdates />
      <ClientRoutes />
    </AreaQueryProvider>
  );
}

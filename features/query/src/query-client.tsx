import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * A query client with Verity's defaults: a failed load shows its error at once with 'Try Again'
 * (the API client itself repeats a call once after refreshing an expired session, the one retry
 * worth making), and data is loaded again when a screen mounts, not on every window focus, so the
 * list behind an open dialog stays put.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Wraps an area's routes: the area's own query client, made once per mount. */
export function AreaQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

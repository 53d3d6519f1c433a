import { createContext, useContext, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';

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

const FrameQueryClient = createContext<QueryClient | undefined>(undefined);

/**
 * The query client of the frame around the area (the shell's, which holds the header bell's
 * queries), or undefined outside one: TanStack Query is one copy in the page, so the area sees the
 * frame's client through the provider it is mounted under, and keeps it once its own hides it.
 */
export const useFrameQueryClient = () => useContext(FrameQueryClient);

/** Wraps an area's routes: the area's own query client, made once per mount. */
export function AreaQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  const frame = useContext(QueryClientContext);
  return (
    <FrameQueryClient.Provider value={frame}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </FrameQueryClient.Provider>
  );
}

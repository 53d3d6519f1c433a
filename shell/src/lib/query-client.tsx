import { useState, type ReactNode } from 'react';
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * 'Window focus' means both a tab shown again (TanStack Query's own signal) and the browser window
 * brought back from another program, which shows nothing new to the page but a focus event.
 */
function listenForFocus(handleFocus: () => void) {
  // Without an argument TanStack Query reads the page's visibility again and tells the queries.
  const onFocus = () => handleFocus();
  window.addEventListener('visibilitychange', onFocus, false);
  window.addEventListener('focus', onFocus, false);
  return () => {
    window.removeEventListener('visibilitychange', onFocus);
    window.removeEventListener('focus', onFocus);
  };
}

/**
 * The shell's own query client, for what the frame itself shows (the bell, the notification
 * settings page). An area's screens keep their own client in their remote. Defaults as the areas':
 * a failed load shows its error at once, and only a query that asks for it refetches on focus.
 */
export function createShellQueryClient(): QueryClient {
  focusManager.setEventListener(listenForFocus);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Mounted once in the signed-in frame, so nothing of TanStack Query loads at /login. */
export function ShellQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createShellQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

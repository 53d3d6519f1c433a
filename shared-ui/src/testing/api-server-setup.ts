// Every React project's tests run with the API's network edge: listening before the first test,
// answers reset after each, and any request no test answered failing the test that sent it. Only a
// server a test starts itself on a loopback address (127.0.0.1, ::1) is reached for real.
import { cleanup } from '@testing-library/react';
import { loadToasts } from '../toast/toast';
import { apiServer } from './api-server';

const unhandled: string[] = [];

// The toasts' library loads with a page's first toast (shared-ui/src/toast): here before the screens,
// so no test waits on that load.
beforeAll(() => loadToasts());

beforeAll(() =>
  apiServer.listen({
    onUnhandledRequest(request) {
      const { hostname } = new URL(request.url);
      if (hostname === '127.0.0.1' || hostname === '[::1]') return;
      unhandled.push(`${request.method} ${request.url}`);
    },
  }),
);

afterEach(() => {
  // The screen goes first: a page still loading its chunk (a route's lazy page) would otherwise ask
  // for its data after the answers were reset, and fail whichever test was running then.
  cleanup();
  apiServer.resetHandlers();
  const sent = unhandled.splice(0);
  if (sent.length > 0) {
    throw new Error(`The screen sent requests no test answered:\n  ${sent.join('\n  ')}`);
  }
});

afterAll(() => apiServer.close());

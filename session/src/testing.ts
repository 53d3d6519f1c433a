// Test helpers for the API client's callers: a client whose requests are recorded and answered in
// the test, and the error a failing call rejects with.
import { createApiClient } from './http/client';

export const TEST_API_BASE = 'http://verity.test/api/v1';

/** An API client whose every request is recorded and answered by `answer`. */
export function recordingClient(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const client = createApiClient({
    prefixUrl: TEST_API_BASE,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push(request);
      return answer(request);
    },
  });
  return { client, requests };
}

/** What `promise` rejects with; fails when it resolves. */
export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

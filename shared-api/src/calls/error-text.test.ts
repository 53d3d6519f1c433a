import { HTTPError, NetworkError, TimeoutError, createApiClient } from '@verity/session';
import { TEST_API_BASE as BASE, caught } from '@verity/session/src/testing';
import { getErrorText } from './error-text';

function clientAnswering(answer: () => Response | Promise<Response>, timeout?: number) {
  return createApiClient({ prefixUrl: BASE, fetch: async () => answer(), timeout });
}

describe('getErrorText', () => {
  it("uses the server's message field of an HTTP error", async () => {
    const client = clientAnswering(() =>
      Response.json(
        { success: false, message: 'Target company not found', code: 'not_found' },
        { status: 404 },
      ),
    );
    const error = await caught(client.get('target-company').json());
    expect(error).toBeInstanceOf(HTTPError);
    expect(getErrorText(error)).toBe('Target company not found');
  });

  it('uses the fallback for an HTTP error whose body has no message', async () => {
    const client = clientAnswering(() => Response.json({ success: false }, { status: 500 }));
    const error = await caught(client.get('target-company'));
    expect(error).toBeInstanceOf(HTTPError);
    expect(getErrorText(error)).toBe('Something went wrong.');
    expect(getErrorText(error, 'Failed to fetch targetCompanies')).toBe(
      'Failed to fetch targetCompanies',
    );
  });

  it('uses the fallback for an HTTP error whose body is not JSON', async () => {
    const client = clientAnswering(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await caught(client.get('auth/me'));
    expect(error).toBeInstanceOf(HTTPError);
    expect(getErrorText(error, 'Failed to fetch auditors')).toBe('Failed to fetch auditors');
  });

  it('reports a network failure without a response', async () => {
    const client = clientAnswering(() => Promise.reject(new TypeError('fetch failed')));
    const error = await caught(client.get('auth/me'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(getErrorText(error, 'Failed to fetch auditors')).toBe(
      'Network error. Please check your internet connection.',
    );
  });

  it('reports a request that timed out as a network failure', async () => {
    const client = clientAnswering(() => new Promise<Response>(() => undefined), 20);
    const error = await caught(client.get('auth/me'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(getErrorText(error)).toBe('Network error. Please check your internet connection.');
  });

  it('uses a string error as it is', () => {
    expect(getErrorText('Missing status')).toBe('Missing status');
  });

  it('uses the message of an object or an Error', () => {
    expect(getErrorText({ message: 'Gap not found' })).toBe('Gap not found');
    expect(getErrorText(new Error('Upload too large'))).toBe('Upload too large');
  });

  it('falls back for anything else', () => {
    expect(getErrorText(undefined)).toBe('Something went wrong.');
    expect(getErrorText(null)).toBe('Something went wrong.');
    expect(getErrorText(42)).toBe('Something went wrong.');
    expect(getErrorText({ message: 7 })).toBe('Something went wrong.');
    expect(getErrorText({ code: 'x' }, 'Server error occurred')).toBe('Server error occurred');
  });
});

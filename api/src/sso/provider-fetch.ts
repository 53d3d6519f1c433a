// How the API calls an organisation's identity provider (docs/decisions/0098-single-sign-on.md): the
// address an owner typed is reached only at a public IP (or a host the operator lists in
// SSO_PRIVATE_HOSTS), checked at the very connection, so no one can point Verity at its own network.
// Redirects are never followed; an answer is read up to a megabyte, within a time limit.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  guardedLookup,
  hostKey,
  isPrivateAddress,
  PrivateAddressError,
} from '../webhooks/addresses';

const MOST_BYTES = 1024 * 1024;
export const PROVIDER_TIMEOUT_MS = 5000;

/** The part of `fetch` openid-client uses, on node's own HTTP client. */
export function providerFetch(allowedHosts: ReadonlySet<string>) {
  return (
    url: string | URL,
    options: {
      method?: string;
      headers?: Record<string, string> | Headers;
      body?: string | URLSearchParams | null;
      signal?: AbortSignal | null;
    } = {},
  ): Promise<Response> =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      // An address written as an IP is connected to without a lookup: checked here.
      const host = hostKey(target.hostname);
      if (isIP(host) && !allowedHosts.has(host) && isPrivateAddress(host)) {
        reject(new PrivateAddressError(`${host} is private`));
        return;
      }
      const send = target.protocol === 'https:' ? https.request : http.request;
      const headers = Object.fromEntries(new Headers(options.headers ?? {}).entries());
      const body = options.body == null ? undefined : String(options.body);
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      // A connection of its own each time: calls are few (a sign-in), and none is left open.
      headers.connection = 'close';
      const request = send(
        target,
        {
          method: options.method ?? 'GET',
          headers,
          agent: false,
          lookup: guardedLookup(allowedHosts) as never,
          timeout: PROVIDER_TIMEOUT_MS,
          signal: options.signal ?? undefined,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MOST_BYTES) request.destroy(new Error('The provider answered too much'));
            else chunks.push(chunk);
          });
          response.on('end', () => {
            const status = response.statusCode ?? 502;
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              for (const one of Array.isArray(value) ? value : [value])
                answerHeaders.append(name, one);
            }
            const empty = status === 204 || status === 304 || (status >= 100 && status < 200);
            resolve(
              new Response(empty ? null : Buffer.concat(chunks), {
                status,
                headers: answerHeaders,
              }),
            );
          });
          response.on('error', reject);
        },
      );
      request.on('timeout', () =>
        request.destroy(new Error(`No answer within ${PROVIDER_TIMEOUT_MS} ms`)),
      );
      request.on('error', reject);
      request.end(body);
    });
}

// Cached answers as readers get them: what the database shows at the moment of the read, and the same
// JSON sent compressed to a client that accepts it.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Asks for one answer as is, then with brotli and with gzip accepted (`ask` sends the
 * Accept-Encoding it is given, none without), and checks that each compressed copy is the plain
 * answer's JSON and says so; gives the plain answer.
 */
export async function expectCompressedCopies(
  ask: (acceptEncoding?: string) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const plain = await ask();
  expect(plain.headers.vary).toContain('accept-encoding');
  expect(plain.headers['content-encoding']).toBeUndefined();
  const br = await ask('gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  const gzip = await ask('gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  return plain;
}

/**
 * Reads an answer with `ask` and checks that it shows what `fresh` works out from the database at a
 * moment of the read: computed just before and just after it, since a gap may fall due while it is
 * asked (the answer is then the one or the other, never an older one). Gives the answer.
 */
export async function readAsOfNow<T>(ask: () => Promise<T>, fresh: () => Promise<T>): Promise<T> {
  const before = await fresh();
  const answer = await ask();
  const after = await fresh();
  expect([before, after]).toContainEqual(answer);
  return answer;
}

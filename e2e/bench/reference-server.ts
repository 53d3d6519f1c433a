// The reference of `npm run bench:web`: the shell's own page for a route, with every script its real
// load fetched asked for at once by <link rel="preload"> at the top of the page, so the JavaScript
// comes in one round of parallel requests instead of a chain. Everything else (the shell's files,
// /remotes.json, /api/v1) is passed through to the shell's server unchanged.
import http from 'node:http';
import { brotliCompressSync } from 'node:zlib';

/** Starts the reference on `port`; `preloads` maps a route's path to the script URLs to preload. */
export function startReferenceServer(shellUrl: string, port: number) {
  const upstream = new URL(shellUrl);
  // A new connection per request: a kept-alive one the shell's server has just closed fails the load.
  const agent = new http.Agent({ keepAlive: false });
  const preloads = new Map<string, string[]>();

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', upstream).pathname;
    const headers = { ...request.headers, host: upstream.host };
    // The API checks where a write comes from: the reference stands in for the shell's origin.
    if (headers.origin) headers.origin = upstream.origin;
    const scripts = request.method === 'GET' ? preloads.get(path) : undefined;
    // The page is rewritten, so it is read plain and compressed again as the shell would send it.
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (scripts) headers['accept-encoding'] = 'identity';

    const proxied = http.request(
      upstream,
      { agent, method: request.method, path: request.url, headers },
      (answer) => {
        if (!scripts) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const links = scripts
            .map((url) => `<link rel="preload" as="script" href="${url}" />`)
            .join('');
          const html = Buffer.concat(chunks).toString('utf8').replace('<head>', `<head>${links}`);
          const page = brotli ? brotliCompressSync(html) : Buffer.from(html);
          const {
            'content-length': _length,
            'transfer-encoding': _chunked,
            ...rest
          } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, {
            ...rest,
            ...(brotli ? { 'content-encoding': 'br', vary: 'Accept-Encoding' } : {}),
            'content-length': page.length,
          });
          response.end(page);
        });
      },
    );
    proxied.on('error', (error) => {
      console.error(`reference server: ${request.method} ${request.url}: ${error.message}`);
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(proxied);
  });

  return new Promise<{
    url: string;
    preloads: Map<string, string[]>;
    stop(): Promise<void>;
  }>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://localhost:${port}`,
        preloads,
        stop: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

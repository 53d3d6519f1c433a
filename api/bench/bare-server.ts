// The floor of the route overhead (docs/performance.md "Route overhead: the floor"): the routes'
// statements answered over a bare node:http server, in a process of its own as the API is. What a
// route costs beyond this is Fastify, the session, the headers and the answer's shape; what this costs
// beyond the SQL alone is the HTTP hop itself (the load generator, the loopback, the second write).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../src/db';
import { routeStatements, type RouteStatement } from './route-statements';

async function main() {
  const db = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR!,
    requestLimits: false,
  });
  const statements = routeStatements(db);
  const server = http.createServer((request, response) => {
    const statement = statements[request.url?.slice(1) as RouteStatement];
    if (!statement) {
      response.writeHead(404).end();
      return;
    }
    statement().then(
      (answer) => {
        const body = JSON.stringify({ success: true, data: answer });
        response
          .writeHead(200, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(body),
          })
          .end(body);
      },
      () => response.writeHead(500).end(),
    );
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ type: 'listening', url: `http://127.0.0.1:${port}` });
  });
  process.on('disconnect', () => server.close(() => void db.close().then(() => process.exit(0))));
}

void main();

// A TCP relay between the API and PostgreSQL that a test can cut and restore: a database outage or
// restart seen from the API, without touching the PostgreSQL server other tests share.
import net from 'node:net';

export interface TcpProxy {
  /** The upstream URL with its host and port replaced by the proxy's. */
  url: string;
  /** Drops every open connection and refuses new ones (a database that went away). */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port (the database is back). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(upstreamUrl: string): Promise<TcpProxy> {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const relay = (client: net.Socket) => {
    const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
    track(client);
    track(server);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
    client.pipe(server);
    server.pipe(client);
  };
  let listener: net.Server | undefined;
  let port = 0;
  const listen = async () => {
    listener = net.createServer(relay);
    await new Promise<void>((resolve, reject) => {
      listener!.once('error', reject);
      listener!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (listener.address() as net.AddressInfo).port;
  };
  const stopListening = async () => {
    const current = listener;
    listener = undefined;
    if (current) await new Promise((resolve) => current.close(resolve));
  };
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  await listen();
  const url = new URL(upstreamUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async cut() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
    async restore() {
      if (!listener) await listen();
    },
    async close() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}

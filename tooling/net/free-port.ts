// Ports for the servers the tests start as child processes.
//
// A port the kernel hands out for listen(0) comes from the ephemeral range, the same range it takes
// the local ports of outgoing connections from: between the probe closing and the child binding, a
// database connection or a fetch of another test worker can take it, and the child fails with
// EADDRINUSE. The ports here are drawn from below that range, where only a listener can take them.
import { readFileSync } from 'node:fs';
import net from 'node:net';

const FALLBACK_EPHEMERAL_START = 32768;
const LOWEST = 20000;

/** The first port of the kernel's ephemeral range (Linux), or the usual default elsewhere. */
export function ephemeralRangeStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return start && start > LOWEST + 1000 ? start : FALLBACK_EPHEMERAL_START;
  } catch {
    return FALLBACK_EPHEMERAL_START;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    // All interfaces, as the servers listen: a port taken on any address is not free.
    probe.listen({ port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A TCP port nothing listens on now, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  const end = ephemeralRangeStart();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (end - LOWEST));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${end}`);
}

/** True when a server's output says its port was taken after all (another listener won the race). */
export function lostPortRace(output: string): boolean {
  return output.includes('EADDRINUSE');
}

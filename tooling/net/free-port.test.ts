import net from 'node:net';
import { ephemeralRangeStart, freePort, lostPortRace } from './free-port';

it('chooses ports below the range outgoing connections take theirs from, and free ones', async () => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(20000);
    expect(port).toBeLessThan(ephemeralRangeStart());
  }
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(ports[0], resolve));
  expect((server.address() as net.AddressInfo).port).toBe(ports[0]);
  await new Promise((resolve) => server.close(resolve));
});

it('recognises a server that lost its port to another', () => {
  expect(lostPortRace('Error: listen EADDRINUSE: address already in use :::43475')).toBe(true);
  expect(lostPortRace('identity listening on http://127.0.0.1:43475')).toBe(false);
});

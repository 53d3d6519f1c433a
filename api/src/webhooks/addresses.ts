// Where a webhook may go (docs/decisions/0096-webhooks.md): public addresses only, unless the operator
// names a host in WEBHOOK_PRIVATE_HOSTS. Checked when the endpoint is saved and again at every
// connection (the address the name resolves to then), so a name re-pointed later cannot reach inside.
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64
  // (an IPv4-mapped address, ::ffff:a.b.c.d, is judged as its IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not reach (private, loopback, link-local, ...). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host as the operator lists it: lowercased, IPv6 without brackets. */
export const hostKey = (host: string) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1');

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
}

/**
 * `dns.lookup` that refuses private addresses for hosts the operator did not allow: given to the
 * HTTP request, so the check is of the very address connected to.
 */
export function guardedLookup(allowedHosts: ReadonlySet<string>) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const allowed = allowedHosts.has(hostKey(hostname));
      const refused = list.find((entry) => !allowed && isPrivateAddress(entry.address));
      if (refused || list.length === 0)
        return callback(
          new PrivateAddressError(`${hostname} is ${refused?.address ?? 'unresolved'}`),
          '',
        );
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** When saving: whether the host (an IP, or a name resolved now) leads to a private address. */
export async function leadsToPrivateAddress(
  host: string,
  allowedHosts: ReadonlySet<string>,
): Promise<boolean> {
  const key = hostKey(host);
  if (allowedHosts.has(key)) return false;
  if (isIP(key)) return isPrivateAddress(key);
  if (key === 'localhost' || key.endsWith('.localhost')) return true;
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    lookup(key, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  // A name that does not resolve now is kept: each delivery checks where it leads then.
  return addresses.some((entry) => isPrivateAddress(entry.address));
}

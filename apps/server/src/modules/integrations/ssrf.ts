import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';

// Server-side request forgery guard for webhook URLs (decision 171): a URL whose host is, or resolves
// to, a private, loopback, link-local or reserved address is refused — when it is registered and again
// when each delivery connects (the connection uses the addresses checked, so a DNS answer that changes
// in between cannot slip through). WEBHOOK_ALLOW_PRIVATE=1 (demo mode, tests) turns the guard off.

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** True for an address a webhook may not reach. IPv4-mapped IPv6 is judged by its IPv4 address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  if (/^::ffff:/i.test(bare)) return true;
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  return true;
}

export class UrlRefused extends Error {
  constructor(public readonly reason: 'private' | 'unresolvable') {
    super(reason === 'private' ? 'address not allowed' : 'host not resolvable');
  }
}

const resolveAll = (host: string) =>
  new Promise<Array<{ address: string; family: number }>>((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** Checks a URL's host: every address it resolves to must be public. Throws UrlRefused. */
export async function assertPublicUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new UrlRefused('private');
    return;
  }
  let addresses: Array<{ address: string }>;
  try {
    addresses = await resolveAll(host);
  } catch {
    throw new UrlRefused('unresolvable');
  }
  if (!addresses.length) throw new UrlRefused('unresolvable');
  if (addresses.some((a) => isPrivateAddress(a.address))) throw new UrlRefused('private');
}

/** A `lookup` for http.request that refuses when any address of the host is private. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as Array<{ address: string; family: number }>;
    if (!list.length || list.some((a) => isPrivateAddress(a.address))) return callback(new UrlRefused('private') as NodeJS.ErrnoException, '', 4);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

import { isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// Server-side request forgery guard for webhook URLs (decisions 171, 226): a URL whose host is, or
// resolves to, an address that is not plain public unicast is refused — when it is registered and
// again when each delivery connects (the connection uses the addresses checked, so a DNS answer that
// changes in between cannot slip through). WEBHOOK_ALLOW_PRIVATE=1 (demo mode, tests) turns it off.
// The ranges are ipaddr.js's table (private, loopback, link-local, multicast, broadcast, unspecified,
// carrier-grade NAT, reserved, 6to4, Teredo, NAT64, …), not a list kept by hand.

const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/** The IPv4 address an IPv6 address stands for (IPv4-mapped, NAT64 well-known prefix), or null. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  if (v6.match(NAT64_WELL_KNOWN)) {
    const [hi, lo] = [v6.parts[6]!, v6.parts[7]!];
    return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  }
  return null;
}

/**
 * True for an address a webhook may not reach: anything but public unicast. An IPv4-mapped or NAT64
 * address is judged by the IPv4 address it carries; IPv4-compatible IPv6 (::a.b.c.d, deprecated by
 * RFC 4291) is refused outright, as is whatever does not parse as an address.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  if (!isIP(bare) || !ipaddr.isValid(bare)) return true;
  const addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv4') return addr.range() !== 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const v4 = embeddedIPv4(v6);
  if (v4) return v4.range() !== 'unicast';
  if (v6.parts.slice(0, 6).every((p) => p === 0)) return true;
  return v6.range() !== 'unicast';
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

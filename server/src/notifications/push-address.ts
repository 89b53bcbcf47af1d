import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Where Web Push may connect: only public unicast addresses. A push endpoint is a URL any
 * signed-in user chooses, so without this the server would POST wherever it is told (its own
 * admin ports, the cloud metadata service, the office network).
 */

const globalUnicastV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address (as DNS or a URL gives it) is public: IPv4 outside loopback, private,
 * link-local, carrier-grade NAT, multicast, broadcast, unspecified and reserved ranges; IPv6
 * only global unicast (so no loopback, unique-local, link-local, multicast, NAT64, 6to4,
 * Teredo or documentation prefixes). An IPv4-mapped IPv6 address is judged as its IPv4 address.
 */
export function isPublicAddress(text: string): boolean {
  const bare = text.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const address = ipaddr.process(bare);
  if (address.range() !== 'unicast') return false;
  return address.kind() === 'ipv4' || (address as ipaddr.IPv6).match(globalUnicastV6);
}

/** Whether a URL's hostname is an address literal (IPv4 in its canonical form, IPv6 in brackets). */
export function isAddressLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''));
}

/** Names that always mean this machine, whatever DNS says. */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** A push destination was refused because it is (or resolves to) an internal address. */
export class InternalDestinationError extends Error {
  override readonly name = 'InternalDestinationError';
  constructor(readonly host: string) {
    super(`push destination ${host} is not a public address`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for an https agent: resolves the name, refuses it when any of its addresses is not
 * public, and hands the socket exactly the addresses it checked, so the connection goes where
 * the check looked (a name that rebinds between check and connect has nothing to rebind).
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
      return callback(Object.assign(new InternalDestinationError(hostname), { code: 'EPUSHINTERNAL' }), []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

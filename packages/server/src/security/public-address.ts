/**
 * Whether an address is on the public internet, and a DNS lookup that answers only such addresses:
 * webhooks (issue 13 §3) must never let a user aim the server at its own network.
 *
 * Public means ipaddr.js's range 'unicast' and nothing else: private (RFC 1918), loopback,
 * link-local, carrier-grade NAT (100.64/10), unique local (fc00::/7), multicast, broadcast,
 * unspecified (0.0.0.0, ::), "this network" (0/8), reserved and documentation ranges, and the
 * IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4,
 * Teredo) are all refused. An IPv4-mapped address is judged as the IPv4 address it carries.
 *
 * `publicLookup` is handed to the HTTP client as its DNS lookup (delivery/webhook-client.ts), so
 * the address that was checked is the address connected to: no second resolution, no DNS-rebinding
 * window between check and connect.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

export type AddressProblem = 'notPublic' | 'unresolvable';

/** A refusal of an address or host name; `problem` picks the Dutch text (core WEBHOOK_TEXTS). */
export class AddressRefusedError extends Error {
  constructor(
    readonly problem: AddressProblem,
    readonly host: string,
  ) {
    super(problem === 'notPublic' ? `${host} is not a public address` : `${host} did not resolve`);
    this.name = 'AddressRefusedError';
  }
}

/** Whether `address` (an IP literal) is a public unicast address. Anything unparsable is not. */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === 'ipv4' && (parsed as ipaddr.IPv4).octets[0] === 0) return false;
  return parsed.range() === 'unicast';
}

/** Whether `host` (a URL's hostname, IPv6 in brackets or not) is an IP literal. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}

type LookupAll = (
  hostname: string,
  options: { all: true; family?: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface PublicLookupOptions {
  /** WEBHOOKS_ALLOW_PRIVATE (tests only): every address is accepted. */
  allowPrivate: boolean;
  /** The resolver (tests inject one); default node:dns lookup (getaddrinfo, /etc/hosts included). */
  resolve?: LookupAll;
}

/** Every address `hostname` resolves to, refused as a whole if any of them is not public. */
export function resolvePublic(
  hostname: string,
  options: PublicLookupOptions,
): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    const family = ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4;
    if (!options.allowPrivate && !isPublicAddress(host)) {
      return Promise.reject(new AddressRefusedError('notPublic', host));
    }
    return Promise.resolve([{ address: host, family }]);
  }
  const resolve = options.resolve ?? (dnsLookup as unknown as LookupAll);
  return new Promise((done, fail) => {
    resolve(host, { all: true }, (error, addresses) => {
      if (error || !addresses || addresses.length === 0) {
        fail(new AddressRefusedError('unresolvable', host));
        return;
      }
      // One private answer among public ones is refused too: the client may pick any of them.
      if (!options.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
        fail(new AddressRefusedError('notPublic', host));
        return;
      }
      done(addresses);
    });
  });
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls.connect (undici's `connect.lookup`) that answers only public addresses:
 * the connection goes to exactly the address it checked.
 */
export function publicLookup(options: PublicLookupOptions) {
  return (
    hostname: string,
    lookupOptions: { all?: boolean; family?: number | string } | number | undefined,
    callback: LookupCallback,
  ): void => {
    const wantsAll = typeof lookupOptions === 'object' && lookupOptions?.all === true;
    resolvePublic(hostname, options).then(
      (addresses) => {
        if (wantsAll) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: AddressRefusedError) => {
        const refused = Object.assign(error, { code: 'EWEBHOOKADDRESS' }) as NodeJS.ErrnoException;
        callback(refused, wantsAll ? [] : '', undefined);
      },
    );
  };
}

/**
 * Whether an address is on the public internet, and a DNS lookup that answers only such addresses:
 * webhooks (and any other URL a user gives the server to call) must never let a user aim the
 * server at its own network.
 *
 * IPv4: public means ipaddr.js's range 'unicast' and nothing else: private (RFC 1918), loopback,
 * link-local, carrier-grade NAT (100.64/10), multicast, broadcast, "this network" (0/8), reserved,
 * benchmarking and documentation ranges are refused. Hex, octal and short forms (0x7f.1, 0177.0.0.1,
 * 127.1, 2130706433) are read as the address they stand for.
 *
 * IPv6: public means inside the global unicast block 2000::/3 and not one of ipaddr.js's special
 * ranges there (6to4 2002::/16, Teredo 2001::/32, documentation, ORCHID, …). That refuses every
 * form that carries an IPv4 address outside that block — IPv4-compatible ::a.b.c.d (::7f00:1),
 * IPv4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96 and 64:ff9b:1::/48 — whatever IPv4 it
 * carries, together with unique local, link-local, multicast, loopback and the unassigned rest.
 * Only an IPv4-mapped address (::ffff:a.b.c.d, which a dual-stack socket connects to that IPv4
 * address) is judged as the IPv4 address it carries.
 *
 * `checkPublicTarget` is the check for a URL; `publicLookup` is handed to the HTTP client as its
 * DNS lookup (delivery/webhook-client.ts), so the address that was checked is the address
 * connected to: no second resolution, no DNS-rebinding window between check and connect.
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

/** The global unicast block: the only IPv6 addresses the public internet routes. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** An IP literal (IPv6 in brackets or not), or null for anything else. */
function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.replace(/^\[|\]$/g, '');
  if (bare.includes(':')) {
    // Written as the WHATWG URL parser writes it (as every URL's host here is read): ipaddr.js
    // would read ::a.b.c.d as ::ffff:a.b.c.d, which is another address.
    let canonical: string;
    try {
      canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
    return ipaddr.IPv6.isValid(canonical) ? ipaddr.IPv6.parse(canonical) : null;
  }
  return ipaddr.IPv4.isValid(bare) ? ipaddr.IPv4.parse(bare) : null;
}

function isPublicIp(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPublicIp(v6.toIPv4Address());
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast';
}

/** Whether `address` (an IP literal) is a public unicast address. Anything unparsable is not. */
export function isPublicAddress(address: string): boolean {
  const ip = parseIp(address);
  return ip !== null && isPublicIp(ip);
}

/** Whether `host` (a URL's hostname, IPv6 in brackets or not) is an IP literal. */
export function isIpLiteral(host: string): boolean {
  return parseIp(host) !== null;
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
  const literal = parseIp(host);
  if (literal) {
    if (!options.allowPrivate && !isPublicIp(literal)) {
      return Promise.reject(new AddressRefusedError('notPublic', host));
    }
    return Promise.resolve([
      { address: literal.toString(), family: literal.kind() === 'ipv6' ? 6 : 4 },
    ]);
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

/**
 * The check for any URL the server is asked to call on a user's behalf (a webhook, a push
 * endpoint): every address its host stands for — an IP literal in any notation, or every DNS
 * answer — must be public. Resolves to those addresses; rejects with AddressRefusedError. The
 * scheme is the caller's rule. A connection made later must check again (`publicLookup`), since
 * DNS answers change.
 */
export function checkPublicTarget(
  url: string | URL,
  options: PublicLookupOptions,
): Promise<LookupAddress[]> {
  let target: URL;
  try {
    target = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return Promise.reject(new AddressRefusedError('unresolvable', String(url)));
  }
  return resolvePublic(target.hostname, options);
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

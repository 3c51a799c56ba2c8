import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  AddressRefusedError,
  checkPublicTarget,
  isPublicAddress,
  publicLookup,
  resolvePublic,
} from './public-address';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['145.97.38.1', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false], // loopback
    ['127.255.0.9', false],
    ['10.1.2.3', false], // private
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false], // carrier-grade NAT
    ['169.254.169.254', false], // link-local (cloud metadata)
    ['0.0.0.0', false],
    ['0.1.2.3', false], // "this network"
    ['224.0.0.1', false], // multicast
    ['255.255.255.255', false],
    ['192.0.2.10', false], // documentation
    ['::1', false],
    ['::', false],
    ['fc00::1', false], // unique local
    ['fd12:3456::1', false],
    ['fe80::1', false], // link-local
    ['ff02::1', false], // multicast
    ['::ffff:127.0.0.1', false], // IPv4-mapped loopback
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true], // IPv4-mapped public: judged as 8.8.8.8
    ['::ffff:7f00:1', false], // the same, as the URL parser writes it
    ['64:ff9b::7f00:1', false], // NAT64 of 127.0.0.1
    ['2002:7f00:1::1', false], // 6to4 of 127.0.0.1
    ['[::1]', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  // Every notation of an IPv4 address inside IPv6, and every way of writing an IPv4 address.
  it.each([
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, as the URL parser writes it'],
    ['[::7f00:1]', 'the same in brackets (a URL hostname)'],
    ['0:0:0:0:0:0:7f00:1', 'the same, uncompressed'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['::a9fe:a9fe', 'IPv4-compatible link-local (cloud metadata)'],
    ['::8.8.8.8', 'IPv4-compatible, deprecated whatever it carries'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['0:0:0:0:0:ffff:a00:1', 'IPv4-mapped private, uncompressed'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of link-local'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['fec0::1', 'deprecated site-local'],
    ['100::1', 'discard'],
    ['4000::1', 'outside the global unicast block'],
    ['0x7f.1', 'hex and short loopback'],
    ['0x7f000001', 'hex loopback'],
    ['2130706433', 'decimal loopback'],
    ['0177.0.0.1', 'octal loopback'],
    ['127.1', 'short loopback'],
    ['10.1', 'short private'],
    ['198.18.0.1', 'benchmarking'],
  ])('%s (%s) is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('checkPublicTarget (the check for any URL the server is to call)', () => {
  const strict = { allowPrivate: false };

  it.each([
    'https://[::127.0.0.1]:8443/hook',
    'https://[::7f00:1]:8443/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[64:ff9b::127.0.0.1]/hook',
    'https://[2002:7f00:1::]/hook',
    'https://0x7f.1/hook',
    'https://2130706433/hook',
    'https://0177.0.0.1/hook',
    'https://127.1/hook',
    'https://169.254.169.254/latest/meta-data',
  ])('refuses %s without a lookup', async (url) => {
    await expect(
      checkPublicTarget(url, { ...strict, resolve: answering('8.8.8.8') }),
    ).rejects.toMatchObject({ problem: 'notPublic' });
  });

  it('answers the addresses of a public target', async () => {
    await expect(checkPublicTarget('https://[2001:4860:4860::8888]/x', strict)).resolves.toEqual([
      { address: '2001:4860:4860::8888', family: 6 },
    ]);
    await expect(
      checkPublicTarget(new URL('https://push.example/send/abc'), {
        ...strict,
        resolve: answering('93.184.216.34'),
      }),
    ).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it.each([
    ['IPv4-compatible loopback', '::7f00:1'],
    ['NAT64 of a private address', '64:ff9b::a00:5'],
    ['6to4 of a private address', '2002:c0a8:101::1'],
    ['IPv4-mapped link-local', '::ffff:169.254.169.254'],
  ])('refuses a name whose DNS answer is %s', async (_what, address) => {
    await expect(
      checkPublicTarget('https://hook.example/x', { ...strict, resolve: answering(address) }),
    ).rejects.toMatchObject({ problem: 'notPublic' });
  });

  it('refuses what is not a URL', async () => {
    await expect(checkPublicTarget('not a url', strict)).rejects.toBeInstanceOf(
      AddressRefusedError,
    );
  });
});

/** A resolver that answers `addresses` for every name. */
const answering =
  (...addresses: string[]) =>
  (
    _host: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, found: LookupAddress[]) => void,
  ) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('resolvePublic', () => {
  it('a name that resolves to 127.0.0.1 is refused', async () => {
    const refused = resolvePublic('evil.example', {
      allowPrivate: false,
      resolve: answering('127.0.0.1'),
    });
    await expect(refused).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(refused).rejects.toMatchObject({ problem: 'notPublic' });
  });

  it('localhost, through the system resolver, is refused', async () => {
    await expect(resolvePublic('localhost', { allowPrivate: false })).rejects.toMatchObject({
      problem: 'notPublic',
    });
  });

  it('one private answer among public ones is refused as a whole', async () => {
    await expect(
      resolvePublic('mixed.example', {
        allowPrivate: false,
        resolve: answering('8.8.8.8', '10.0.0.5'),
      }),
    ).rejects.toMatchObject({ problem: 'notPublic' });
  });

  it('IP literals are judged without DNS', async () => {
    await expect(resolvePublic('[::1]', { allowPrivate: false })).rejects.toMatchObject({
      problem: 'notPublic',
    });
    await expect(resolvePublic('8.8.4.4', { allowPrivate: false })).resolves.toEqual([
      { address: '8.8.4.4', family: 4 },
    ]);
  });

  it('a name that does not resolve is unresolvable', async () => {
    await expect(
      resolvePublic('nothing.invalid', {
        allowPrivate: false,
        resolve: (_h, _o, callback) =>
          callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), []),
      }),
    ).rejects.toMatchObject({ problem: 'unresolvable' });
  });

  it('WEBHOOKS_ALLOW_PRIVATE accepts the tests’ local receiver', async () => {
    await expect(
      resolvePublic('localhost.test', { allowPrivate: true, resolve: answering('127.0.0.1') }),
    ).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});

describe('publicLookup (the connection’s own lookup)', () => {
  it('answers the checked address in both the single and the all form', async () => {
    const lookup = publicLookup({ allowPrivate: false, resolve: answering('93.184.216.34') });
    const single = await new Promise((resolve) =>
      lookup('example.nl', { family: 0 }, (error, address, family) =>
        resolve({ error, address, family }),
      ),
    );
    expect(single).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    const all = await new Promise((resolve) =>
      lookup('example.nl', { all: true }, (error, address) => resolve({ error, address })),
    );
    expect(all).toEqual({ error: null, address: [{ address: '93.184.216.34', family: 4 }] });
  });

  it('fails the connection for a private answer', async () => {
    const lookup = publicLookup({ allowPrivate: false, resolve: answering('169.254.169.254') });
    const error = await new Promise((resolve) => lookup('meta.example', {}, (e) => resolve(e)));
    expect(error).toMatchObject({ code: 'EWEBHOOKADDRESS', problem: 'notPublic' });
  });
});

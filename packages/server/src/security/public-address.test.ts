import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  AddressRefusedError,
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
    ['64:ff9b::7f00:1', false], // NAT64 of 127.0.0.1
    ['2002:7f00:1::1', false], // 6to4 of 127.0.0.1
    ['[::1]', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
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

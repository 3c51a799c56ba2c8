import { describe, expect, it } from 'vitest';
import { checkExternalUrl, isAllowedExternalUrl } from './urlAllowList';

const options = {
  serverUrl: 'https://prijsalarm.nl',
  extraMarketplaceOrigins: ['http://127.0.0.1:4010'],
};

describe('URL allow-list for shell.openExternal', () => {
  it.each([
    'https://www.marktplaats.nl/v/fietsen/m2100000123-gazelle',
    'https://marktplaats.nl/v/fietsen/m2100000123-gazelle',
    'https://www.2dehands.be/v/fietsen/m2100000123-gazelle',
    'https://prijsalarm.nl/notifications',
    'http://127.0.0.1:4010/v/fietsen/m2100000123-gazelle',
  ])('allows %s', (url) => {
    expect(isAllowedExternalUrl(url, options)).toBe(true);
  });

  it.each([
    ['http://www.marktplaats.nl/v/x', 'plain http to a marketplace'],
    ['https://www.marktplaats.nl.evil.example/v/x', 'a look-alike host'],
    ['https://evil.example/?https://www.marktplaats.nl', 'another host'],
    ['https://www.marktplaats.nl:8443/v/x', 'another port'],
    ['https://user:pw@www.marktplaats.nl/v/x', 'credentials'],
    ['file:///etc/passwd', 'a local file'],
    ['javascript:alert(1)', 'script'],
    ['smb://server/share', 'a custom scheme'],
    ['https://www.marktplaats.nl/v/x y', 'a space'],
    ['http://127.0.0.1:4011/v/x', 'another local port'],
  ])('refuses %s (%s)', (url) => {
    expect(isAllowedExternalUrl(url, options)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(checkExternalUrl(42, options)).toEqual({ allowed: false, reason: 'not an http(s) URL' });
  });
});

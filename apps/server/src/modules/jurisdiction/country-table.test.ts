import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COUNTRY_CODES } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { buildCountryTable, loadCountryTable, sharedCountryTable } from './country-table.ts';

describe('the IP-to-country table', () => {
  it('places addresses of the shipped database, IPv4 and IPv6, and an IPv4 address as a dual-stack socket reports it', () => {
    const table = sharedCountryTable();
    expect(table.segments.v4).toBeGreaterThan(100_000);
    expect(table.segments.v6).toBeGreaterThan(100_000);
    for (const country of ['US', 'KP', 'DE', 'CN', 'BR']) {
      const v4 = table.firstAddress(country, 4)!;
      const v6 = table.firstAddress(country, 6)!;
      expect(table.lookup(v4), v4).toBe(country);
      expect(table.lookup(v6), v6).toBe(country);
      expect(table.lookup(`::ffff:${v4}`)).toBe(country);
    }
  });

  it('names every country it knows by a code operators can block', () => {
    const known = new Set<string>(COUNTRY_CODES);
    // AN (Netherlands Antilles) left ISO 3166-1 in 2010; a few registry records still carry it.
    expect(
      sharedCountryTable()
        .countries()
        .filter((code) => !known.has(code)),
    ).toEqual(['AN']);
  });

  it('gives no country to private, loopback, link-local, shared and malformed addresses', () => {
    const table = sharedCountryTable();
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.0.9',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1%eth0',
      'fd00::7',
      '::ffff:127.0.0.1',
      'not an address',
      '1.2.3',
      '1.2.3.256',
      '1:2:3',
      '1::2::3',
      '',
    ]) {
      expect(table.lookup(ip), ip).toBeNull();
    }
  });

  it('lets a range inside another win inside it, the outer one resuming after it; gaps have no country', () => {
    const table = buildCountryTable([
      [
        '1.0.0.0,1.0.0.255,AU',
        '1.0.0.16,1.0.0.31,NZ',
        '1.0.0.20,1.0.0.20,FJ',
        '1.0.2.0,1.0.2.255,JP',
        '2001:db8::,2001:db8:ffff:ffff:ffff:ffff:ffff:ffff,DE',
        '2001:db8:1::,2001:db8:1::ff,AT',
      ].join('\n'),
    ]);
    expect(['1.0.0.15', '1.0.0.16', '1.0.0.20', '1.0.0.21', '1.0.0.31', '1.0.0.32', '1.0.1.0', '1.0.2.9', '9.9.9.9'].map((ip) => table.lookup(ip))).toEqual([
      'AU',
      'NZ',
      'FJ',
      'NZ',
      'NZ',
      'AU',
      null,
      'JP',
      null,
    ]);
    expect(['2001:db8::1', '2001:db8:1::80', '2001:db8:1::100', '2001:db9::'].map((ip) => table.lookup(ip))).toEqual(['DE', 'AT', 'DE', null]);
    expect(table.firstAddress('AT', 6)).toBe('2001:db8:1:0:0:0:0:0');
  });

  it('reads files in any order of rows and refuses a file that is not IP-to-country data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'geo-'));
    const good = join(dir, 'good.csv');
    writeFileSync(good, '203.0.113.0,203.0.113.255,KP\n198.51.100.0,198.51.100.255,US\n');
    const table = loadCountryTable([good]);
    expect([table.lookup('203.0.113.7'), table.lookup('198.51.100.7')]).toEqual(['KP', 'US']);
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, '<html>not found</html>\n');
    expect(() => loadCountryTable([bad])).toThrow(/not an IP-to-country CSV/);
  });
});

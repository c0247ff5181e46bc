import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The country of an IP address, from an offline database read once at start (PROTECTION.md
 * "Jurisdictions": no network at run time).
 *
 * The database shipped is `@ip-location-db/geo-whois-asn-country`: GeoFeed, then the five RIRs'
 * WHOIS, then their ASN data, merged per range into one country code, IPv4 and IPv6. Its package is
 * marked CC0-1.0 and its data comes from the NRO under CC BY 4.0 (its NRO_LICENSE file), which
 * allows shipping it with the server as long as the NRO (nro.net) is credited, as the README does.
 * MaxMind's GeoLite2 (and packages repackaging it, such as geoip-lite) needs an account and an
 * end-user licence that forbids redistributing it, so it cannot be shipped. The package publishes
 * plain CSV (`first,last,CC` per line, inclusive), so an operator updates by pointing
 * GEOIP_COUNTRY_FILE at newer files of the same format and restarting; nothing else changes. (Its
 * README announces that new data will come as the project's release files rather than npm versions:
 * this is how they are taken.)
 *
 * The ranges are flattened into sorted, non-overlapping segments held in typed arrays (a start and a
 * one-byte country index per segment; IPv6 starts as four 32-bit words) and looked up by binary
 * search: some 1.4 MB for IPv4 and 2.8 MB for IPv6 instead of objects per row. Where the data
 * nests ranges (a geofeed entry inside a WHOIS block), the innermost one wins.
 */
export interface CountryTable {
  /** The ISO 3166-1 alpha-2 code of the address, or null (unknown, private, loopback, malformed). */
  lookup(ip: string): string | null;
  /** The first address of the first range of `country` in the given family, or null: tests take real addresses from it. */
  firstAddress(country: string, family: 4 | 6): string | null;
  /** Every country code the data names. */
  countries(): string[];
  readonly segments: { v4: number; v6: number };
  /** Bytes of the typed arrays held. */
  readonly bytes: number;
}

const require = createRequire(import.meta.url);

/** The shipped database's files: IPv4 and IPv6 ranges as addresses. */
export function defaultCountryFiles(): string[] {
  return ['ipv4', 'ipv6'].map((family) => require.resolve(`@ip-location-db/geo-whois-asn-country/geo-whois-asn-country-${family}.csv`));
}

/** Reads the files (or the shipped database) into a table; a file without a single valid row is refused. */
export function loadCountryTable(files: readonly string[] = defaultCountryFiles()): CountryTable {
  return buildCountryTable(
    files.map((file) => {
      const text = readFileSync(file, 'latin1');
      if (!/^[0-9a-fA-F:.]+,[0-9a-fA-F:.]+,[A-Za-z]{2}\s*$/m.test(text.slice(0, 4096))) {
        throw new Error(`${file}: not an IP-to-country CSV (first,last,CC per line)`);
      }
      return text;
    }),
  );
}

const NONE = 0;

/** Country codes to one-byte indexes; index 0 is "no country". */
class Codes {
  readonly names: (string | null)[] = [null];
  private readonly index = new Uint8Array(26 * 26);

  /** The index of the code whose letters (lower case character codes) are given. */
  of(c1: number, c2: number): number {
    const slot = (c1 - 97) * 26 + (c2 - 97);
    let found = this.index[slot]!;
    if (found === 0) {
      if (this.names.length > 255) throw new Error('more than 255 country codes');
      found = this.names.length;
      this.names.push(String.fromCharCode(c1 - 32, c2 - 32));
      this.index[slot] = found;
    }
    return found;
  }
}

/** Ranges of one family as read: `width` 32-bit words per address (1 for IPv4, 4 for IPv6). */
class Ranges {
  readonly firsts: number[] = [];
  readonly lasts: number[] = [];
  readonly codes: number[] = [];
  constructor(readonly width: 1 | 4) {}
  get count() {
    return this.codes.length;
  }
}

/** Builds the table from CSV texts (each line `first,last,CC`; IPv4 and IPv6 lines may mix). */
export function buildCountryTable(texts: readonly string[]): CountryTable {
  const codes = new Codes();
  const v4 = new Ranges(1);
  const v6 = new Ranges(4);
  const first = new Uint32Array(4);
  const last = new Uint32Array(4);
  for (const text of texts) {
    let at = 0;
    while (at < text.length) {
      let end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
      const lineStart = at;
      at = end + 1;
      const firstComma = text.indexOf(',', lineStart);
      const secondComma = firstComma < 0 || firstComma > end ? -1 : text.indexOf(',', firstComma + 1);
      if (secondComma < 0 || secondComma > end) continue;
      // Two letters, maybe a carriage return: read as character codes, no string per line.
      const c1 = text.charCodeAt(secondComma + 1) | 32;
      const c2 = text.charCodeAt(secondComma + 2) | 32;
      const length = end - secondComma - 1 - (text.charCodeAt(end - 1) === 13 ? 1 : 0);
      if (length !== 2 || c1 < 97 || c1 > 122 || c2 < 97 || c2 > 122) continue;
      let colon = false;
      for (let i = lineStart; i < firstComma && !colon; i++) colon = text.charCodeAt(i) === 58;
      const ranges = colon ? v6 : v4;
      const parse = ranges === v6 ? ipv6Words : ipv4Word;
      if (!parse(text, lineStart, firstComma, first) || !parse(text, firstComma + 1, secondComma, last)) continue;
      if (compareWords(first, 0, last, 0, ranges.width) > 0) continue;
      for (let i = 0; i < ranges.width; i++) {
        ranges.firsts.push(first[i]!);
        ranges.lasts.push(last[i]!);
      }
      ranges.codes.push(codes.of(c1, c2));
    }
  }
  if (v4.count + v6.count === 0) throw new Error('the IP-to-country data has no valid range');

  const flat4 = flatten(v4);
  const starts4 = Uint32Array.from(flat4.starts);
  const codes4 = Uint8Array.from(flat4.codes);
  const flat6 = flatten(v6);
  const starts6 = Uint32Array.from(flat6.starts);
  const codes6 = Uint8Array.from(flat6.codes);
  const names = codes.names;
  const query = new Uint32Array(4);

  const lookup4 = (ip: number) => names[codes4[search4(starts4, ip)]!] ?? null;
  const lookup6 = () => names[codes6[search6(starts6, query)]!] ?? null;

  return {
    lookup(ip: string): string | null {
      const zone = ip.indexOf('%');
      const address = zone >= 0 ? ip.slice(0, zone) : ip;
      if (!address.includes(':')) {
        if (!ipv4Word(address, 0, address.length, query)) return null;
        return isPrivateIpv4(query[0]!) ? null : lookup4(query[0]!);
      }
      if (!ipv6Words(address, 0, address.length, query)) return null;
      // An IPv4 address as a dual-stack socket reports it (::ffff:a.b.c.d).
      if (query[0] === 0 && query[1] === 0 && query[2] === 0xffff) return isPrivateIpv4(query[3]!) ? null : lookup4(query[3]!);
      return isPrivateIpv6(query) ? null : lookup6();
    },
    firstAddress(country: string, family: 4 | 6): string | null {
      const wanted = names.indexOf(country.toUpperCase());
      if (wanted <= NONE) return null;
      const i = (family === 4 ? codes4 : codes6).indexOf(wanted);
      if (i < 0) return null;
      return family === 4 ? formatIpv4(starts4[i]!) : formatIpv6(starts6.subarray(i * 4, i * 4 + 4));
    },
    countries: () => names.filter((name): name is string => name !== null).sort(),
    segments: { v4: codes4.length, v6: codes6.length },
    bytes: starts4.byteLength + codes4.byteLength + starts6.byteLength + codes6.byteLength,
  };
}

function compareWords(a: ArrayLike<number>, at: number, b: ArrayLike<number>, bt: number, width: number): number {
  for (let i = 0; i < width; i++) {
    const x = a[at + i]!;
    const y = b[bt + i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Sorted, non-overlapping segments covering the whole space: segment i runs from its start to the
 * next one's less one. Ranges are swept by start (the wider first at a tie) with a stack of the open
 * ones, so a range inside another wins inside it and the outer one resumes after it.
 */
function flatten(ranges: Ranges): { starts: number[]; codes: number[] } {
  const { width, firsts, lasts } = ranges;
  const order = Array.from({ length: ranges.count }, (_, i) => i);
  const byStart = (a: number, b: number) =>
    compareWords(firsts, a * width, firsts, b * width, width) || compareWords(lasts, b * width, lasts, a * width, width);
  // The files come sorted; sorting is only needed for one that is not.
  let sorted = true;
  for (let i = 1; i < order.length && sorted; i++) sorted = byStart(i - 1, i) <= 0;
  if (!sorted) order.sort(byStart);

  const starts: number[] = new Array<number>(width).fill(0);
  const codes: number[] = [NONE];
  const next = new Uint32Array(width);
  const emit = (source: ArrayLike<number>, at: number, code: number) => {
    const top = codes.length - 1;
    if (compareWords(starts, top * width, source, at, width) === 0) {
      codes[top] = code;
      if (top > 0 && codes[top - 1] === code) {
        starts.length -= width;
        codes.pop();
      }
    } else if (codes[top] !== code) {
      for (let i = 0; i < width; i++) starts.push(source[at + i]!);
      codes.push(code);
    }
  };
  /** `next` = the address after the range's last; false past the end of the space. */
  const after = (range: number): boolean => {
    let carry = 1;
    for (let i = width - 1; i >= 0; i--) {
      const sum = lasts[range * width + i]! + carry;
      next[i] = sum >>> 0;
      carry = sum > 0xffff_ffff ? 1 : 0;
    }
    return carry === 0;
  };
  const open: number[] = [];
  const endsBefore = (range: number, position: number | null) => position === null || compareWords(lasts, range * width, firsts, position * width, width) < 0;
  const closeBefore = (position: number | null) => {
    while (open.length > 0 && endsBefore(open[open.length - 1]!, position)) {
      const done = open.pop()!;
      while (open.length > 0 && compareWords(lasts, open[open.length - 1]! * width, lasts, done * width, width) <= 0) open.pop();
      if (after(done)) emit(next, 0, open.length > 0 ? ranges.codes[open[open.length - 1]!]! : NONE);
    }
  };
  for (const range of order) {
    closeBefore(range);
    emit(firsts, range * width, ranges.codes[range]!);
    open.push(range);
  }
  closeBefore(null);
  return { starts, codes };
}

/** The index of the last segment starting at or before `ip`. */
function search4(starts: Uint32Array, ip: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (starts[mid]! <= ip) low = mid;
    else high = mid - 1;
  }
  return low;
}

function search6(starts: Uint32Array, ip: Uint32Array): number {
  let low = 0;
  let high = starts.length / 4 - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (compare6(starts, mid * 4, ip) <= 0) low = mid;
    else high = mid - 1;
  }
  return low;
}

function compare6(starts: Uint32Array, at: number, ip: Uint32Array): number {
  for (let i = 0; i < 4; i++) {
    const a = starts[at + i]!;
    const b = ip[i]!;
    if (a !== b) return a < b ? -1 : 1;
  }
  return 0;
}

/** Dotted IPv4 in text[from, to) into out[0]; false if malformed. */
export function ipv4Word(text: string, from: number, to: number, out: Uint32Array): boolean {
  let value = 0;
  let part = -1;
  let parts = 0;
  for (let i = from; i <= to; i++) {
    const c = i < to ? text.charCodeAt(i) : 46;
    if (c === 46) {
      if (part < 0) return false;
      value = value * 256 + part;
      part = -1;
      parts++;
    } else if (c >= 48 && c <= 57) {
      part = part < 0 ? c - 48 : part * 10 + (c - 48);
      if (part > 255) return false;
    } else {
      return false;
    }
  }
  if (parts !== 4) return false;
  out[0] = value;
  return true;
}

const groups = new Uint16Array(8);
const dotted = new Uint32Array(1);

/** IPv6 in text[from, to) (`::` and a trailing dotted IPv4 allowed) into four words of out; false if malformed. */
export function ipv6Words(text: string, from: number, to: number, out: Uint32Array): boolean {
  let count = 0;
  let gap = -1;
  let value = 0;
  let digits = 0;
  let i = from;
  if (text.charCodeAt(i) === 58 && text.charCodeAt(i + 1) === 58) {
    gap = 0;
    i += 2;
  }
  for (; i <= to; i++) {
    const c = i < to ? text.charCodeAt(i) : 58;
    if (c === 58) {
      if (digits === 0) {
        if (i === to && gap === count) break;
        return false;
      }
      if (count === 8) return false;
      groups[count++] = value;
      value = 0;
      digits = 0;
      if (i + 1 < to && text.charCodeAt(i + 1) === 58) {
        if (gap >= 0) return false;
        gap = count;
        i++;
      }
    } else if (c === 46) {
      // The last 32 bits written as dotted IPv4.
      let start = i - 1;
      while (start > from && text.charCodeAt(start - 1) !== 58) start--;
      if (count > 6 || !ipv4Word(text, start, to, dotted)) return false;
      groups[count++] = dotted[0]! >>> 16;
      groups[count++] = dotted[0]! & 0xffff;
      digits = 0;
      break;
    } else {
      const hex = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
      if (hex < 0 || ++digits > 4) return false;
      value = value * 16 + hex;
    }
  }
  if (gap < 0 ? count !== 8 : count > 7) return false;
  // Spread the groups after the gap to the end, zeros in between.
  if (gap >= 0) {
    const missing = 8 - count;
    for (let n = 7; n >= gap; n--) groups[n] = n >= gap + missing ? groups[n - missing]! : 0;
  }
  for (let word = 0; word < 4; word++) out[word] = ((groups[word * 2]! << 16) | groups[word * 2 + 1]!) >>> 0;
  return true;
}

function formatIpv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

function formatIpv6(words: Uint32Array): string {
  const groups: string[] = [];
  for (const word of words) groups.push((word >>> 16).toString(16), (word & 0xffff).toString(16));
  return groups.join(':');
}

/** Unspecified, private (RFC 1918), shared (RFC 6598), loopback, link-local: never a country. */
function isPrivateIpv4(value: number): boolean {
  const a = value >>> 24;
  const b = (value >>> 16) & 255;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b < 128) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b < 32) ||
    (a === 192 && b === 168)
  );
}

/** Unspecified, loopback, unique local (fc00::/7), link-local (fe80::/10). */
function isPrivateIpv6(words: Uint32Array): boolean {
  const top = words[0]! >>> 16;
  if (words[0] === 0 && words[1] === 0 && words[2] === 0 && (words[3] === 0 || words[3] === 1)) return true;
  return (top & 0xfe00) === 0xfc00 || (top & 0xffc0) === 0xfe80;
}

const loaded = new Map<string, CountryTable>();

/** One table per set of files in this process: several applications in one process (tests) share it. */
export function sharedCountryTable(files: readonly string[] = defaultCountryFiles()): CountryTable {
  const key = files.join('\n');
  let table = loaded.get(key);
  if (!table) {
    table = loadCountryTable(files);
    loaded.set(key, table);
  }
  return table;
}

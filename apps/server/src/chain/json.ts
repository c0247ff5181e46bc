// TRON nodes write int64 values (balances in sun, amounts) as bare JSON numbers. JSON.parse would
// round anything past 2^53 (9 billion TRX), so integer literals outside the safe range are read as
// digit strings instead, and bigints are written back as bare numbers.

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** JSON.parse, except that integers outside Number's safe range come back as strings of digits. */
export function parseJson(text: string): unknown {
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, including a quote
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) continue; // malformed: leave it for JSON.parse to report
      const literal = m[0];
      if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(last, i)}"${literal}"`;
        last = i + literal.length;
      }
      i += literal.length - 1;
    }
  }
  return JSON.parse(last === 0 ? text : out + text.slice(last));
}

/** JSON.stringify for plain data, writing bigint as a bare integer literal. */
export function stringifyJson(value: unknown): string {
  const s = write(value);
  if (s === undefined) throw new TypeError('value cannot be serialised to JSON');
  return s;
}

function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => write(v) ?? 'null').join(',')}]`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const s = write(v);
    if (s !== undefined) parts.push(`${JSON.stringify(k)}:${s}`);
  }
  return `{${parts.join(',')}}`;
}

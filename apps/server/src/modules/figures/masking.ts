/**
 * What a staff member without `players.pii` sees of a player's personal data (CONSOLE.md "Roles and
 * permissions": the analyst reads figures and nothing personal): enough to tell two players apart on
 * a screen, not enough to contact or trace them.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A chain address cut to its first 4 and last 4 characters. */
export function maskAddress(address: string): string {
  return address.length <= 10 ? '***' : `${address.slice(0, 4)}…${address.slice(-4)}`;
}

/** An IPv4 address without its last two parts, an IPv6 address without its last four groups. */
export function maskIp(ip: string): string {
  if (ip.includes('.') && !ip.includes(':')) return ip.split('.').slice(0, 2).concat(['*', '*']).join('.');
  const groups = ip.split(':');
  return groups.length > 4 ? `${groups.slice(0, 4).join(':')}:*` : '*';
}

/** The maskers for one caller: identity when they may see personal data. */
export function personalData(shown: boolean) {
  const keep = (value: string) => value;
  return {
    email: shown ? keep : maskEmail,
    address: shown ? keep : maskAddress,
    ip: shown ? keep : maskIp,
  };
}

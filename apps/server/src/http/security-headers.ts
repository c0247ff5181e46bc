/**
 * The security headers every reply carries: the set helmet sends by default (minus its
 * Cross-Origin-Embedder-Policy, which would block third-party game images) plus our
 * Content-Security-Policy. They never vary, so they are written once here and attached in one
 * hook instead of by a dozen middlewares per request: `/v1/player/load` is polled by every open app.
 */
function contentSecurityPolicy(gameOrigins: readonly string[], scriptOrigins: readonly string[]): string {
  // The third-party game aggregator's pages are framed by /webview and its thumbnails shown as tiles,
  // even when it serves plain http (the in-process demo aggregator does).
  const games = gameOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    // A live-chat widget the operator configured (Chatwoot) loads its script from its own server.
    `script-src 'self'${scriptOrigins.map((origin) => ` ${origin}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${games}`,
    "connect-src 'self' ws: wss:",
    "font-src 'self' data:",
    `frame-src 'self' https:${games}`,
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The headers, with the origins of the game aggregator's pages allowed in frames and images. */
export function securityHeaders(gameOrigins: readonly string[] = [], scriptOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': contentSecurityPolicy(gameOrigins, scriptOrigins),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = securityHeaders();

/**
 * The operator console's policy (served under /console/): its own scripts only, no frames of anything
 * and never framed itself, calls and the live socket to this server alone. Ant Design writes its
 * styles at run time, hence inline styles.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' ws: wss:",
  "font-src 'self' data:",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

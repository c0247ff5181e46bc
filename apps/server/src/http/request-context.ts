import { normalizeLanguage, DEFAULT_LANGUAGE, type Language } from '@lobby/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language for messages: explicit header first, then Accept-Language, then English. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['language'] ?? request.headers['lang'];
  const explicit = normalizeLanguage(Array.isArray(header) ? header[0] : header);
  if (explicit) return explicit;
  const accept = request.headers['accept-language'];
  const first = typeof accept === 'string' ? accept.split(',')[0]?.split(';')[0] : undefined;
  return normalizeLanguage(first) ?? DEFAULT_LANGUAGE;
}

/** The Client-IP header as the client sent it: recorded, never trusted for limits or security. */
export function reportedClientIp(request: FastifyRequest): string | null {
  const value = request.headers['client-ip'];
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, 64) : null;
}

/** The User-Agent header, cut to a length a record keeps: for the login history only. */
export function reportedUserAgent(request: FastifyRequest): string | null {
  const value = request.headers['user-agent'];
  return value ? value.slice(0, 512) : null;
}

/**
 * The Device-Code header (the app's install id, random, kept on the device): recorded, never trusted for
 * limits. Two-factor counts a device as known only once a sign-in from it passed a code, or it enrolled.
 */
export function reportedDeviceCode(request: FastifyRequest): string | null {
  const value = request.headers['device-code'];
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, 128) : null;
}

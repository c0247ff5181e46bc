import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from './app-error.ts';

/**
 * The check of every operator endpoint: the request's `x-ops-token` must be OPS_TOKEN, else HTTP 401
 * with code 10009. Compared as digests, so the comparison takes the same time whatever the length
 * or content of what was presented.
 */
export function opsTokenGuard(opsToken: string): (request: FastifyRequest) => void {
  const expected = digest(opsToken);
  return (request) => {
    const presented = request.headers['x-ops-token'];
    if (typeof presented !== 'string' || !timingSafeEqual(digest(presented), expected)) throw new UnauthorizedError();
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

import type { FastifyInstance } from 'fastify';

/**
 * `GET /ip`: the caller's address as this server sees it (`{"ip": "..."}`, the shape public lookup
 * services answer), behind a proxy the forwarded one when TRUST_PROXY allows. Test, internal and
 * preview builds of the app ask it at start and send it as the Client-IP header, which is recorded
 * and never trusted: rate limits and security decisions use the connection's address.
 */
export function registerClientIpRoutes(http: FastifyInstance): void {
  http.get('/ip', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('access-control-allow-origin', '*');
    return { ip: request.ip };
  });
}

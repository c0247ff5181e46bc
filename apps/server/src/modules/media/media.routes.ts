import type { FastifyInstance } from 'fastify';
import type { MediaService } from './media.service.ts';

/**
 * `GET /media/<id>.<ext>`: a stored item, byte for byte. Its URL names its content, so it is cached
 * for a year; it is sent with the type its magic bytes proved and `nosniff`, never as anything a
 * browser would run, and may be shown by the app shells (other origins) as well.
 */
export function registerMediaRoutes(http: FastifyInstance, media: MediaService): void {
  http.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const file = await media.read(request.params.file);
    if (!file) return reply.callNotFound();
    reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', file.etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-disposition', 'inline');
    if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
    return reply.send(file.bytes);
  });
}

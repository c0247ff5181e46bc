import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Smaller replies are not worth the work: they fit in a packet either way. */
const MIN_BYTES = 1024;

/** The first encoding of ours the client accepts (a q of 0 refuses it). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);
}

/**
 * Compresses JSON replies of 1 KB and more for clients that accept it. The lobby catalogue is some
 * 50 KB of JSON a phone waits for before it can draw a single tile; compressed it is a tenth of that.
 * Static files are not touched here: the web build ships them precompressed.
 */
export function installJsonCompression(app: FastifyInstance): void {
  // A callback hook so the common case (a small reply) costs no promise; only compressing waits.
  app.addHook('onSend', (request, reply, payload, done) => {
    const encoding = encodingFor(request.headers['accept-encoding'], reply, payload);
    if (!encoding) return done(null, payload);
    const text = payload as string | Buffer;
    // Fast settings: a reply is compressed once per request, unlike the build's static files.
    const compressed =
      encoding === 'br'
        ? brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } })
        : gz(text, { level: 6 });
    compressed.then(
      (body) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        addVary(reply);
        done(null, body);
      },
      (error: Error) => done(error),
    );
  });
}

/** The encoding to compress this reply with, or undefined to send it as it is. */
function encodingFor(acceptEncoding: string | undefined, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  if (payload.length < MIN_BYTES / 4) return undefined; // too short whatever its characters
  if (reply.hasHeader('content-encoding')) return undefined;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return undefined;
  if (Buffer.byteLength(payload) < MIN_BYTES) return undefined;
  return pickEncoding(acceptEncoding);
}

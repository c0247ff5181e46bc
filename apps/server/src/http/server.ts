import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ErrorCode, errorMessage } from '@lobby/contract';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import type { Redis } from 'ioredis';
import { installJsonCompression } from './compression.ts';
import { installErrorHandler } from './error-handler.ts';
import { requestLanguage } from './request-context.ts';
import { CONSOLE_CONTENT_SECURITY_POLICY, securityHeaders } from './security-headers.ts';

export interface ServerOptions {
  logLevel: string;
  trustProxy: boolean | number | string[];
  bodyLimit: number;
  ratePerMinute: number;
  /** The application always sets them; a bare server built by a test may keep Fastify's. */
  timeouts?: HttpTimeouts;
  redis?: Redis;
  webDistDir?: string;
  /** The operator console's build, served under /console/ with its own Content-Security-Policy. */
  consoleDistDir?: string;
  /** Where logs go; standard output unless a test captures them. */
  logStream?: NodeJS.WritableStream;
  /** Origins of the game aggregator's pages and thumbnails, allowed by the Content-Security-Policy. */
  gameOrigins?: readonly string[];
  /** The game origins for one request (an aggregator answering on the player's host); `gameOrigins` without it. */
  gameOriginsFor?: (request: FastifyRequest) => readonly string[];
  /** Origins besides our own allowed to serve scripts: the operator's live-chat widget. */
  scriptOrigins?: readonly string[];
}

/** Milliseconds; see the HTTP_*_TIMEOUT_MS settings. */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  idleMs: number;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function isConsolePath(url: string): boolean {
  return url === '/console' || url.startsWith('/console/') || url.startsWith('/console?');
}

/** Websockets leave these behind once upgraded: the upgrade hands the socket over without a timeout. */
function timeoutOptions(timeouts: HttpTimeouts) {
  return {
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: connectionsCheckingInterval(timeouts),
    },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
  };
}

/**
 * Node enforces the header and request timeouts on a sweep of open connections, every 30 s by
 * default; a sweep at a quarter of the shorter timeout closes a slow client at most 25% late.
 */
function connectionsCheckingInterval(timeouts: HttpTimeouts): number {
  return Math.min(5000, Math.max(50, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)));
}

/** Fastify with the cross-cutting rules: envelope errors, headers, limits, request ids, redacted logs. */
export async function createHttpServer(options: ServerOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    trustProxy: options.trustProxy as boolean | string[],
    bodyLimit: options.bodyLimit,
    ...(options.timeouts ? timeoutOptions(options.timeouts) : {}),
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    logger:
      options.logLevel === 'silent'
        ? false
        : {
            level: options.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.oldPassword', '*.fundPassword', '*.privateKey'],
              censor: '[hidden]',
            },
          },
    logController: new LogController({ disableRequestLogging: options.logLevel !== 'debug' && options.logLevel !== 'trace' }),
  });

  // While shutting down, answers close their connection so keep-alive sockets do not hold the exit.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks, not async ones: they run on every request and need no promise. The headers go
  // on at the start so a route may still replace one (a logo another site may embed, say).
  const headers = securityHeaders(options.gameOrigins, options.scriptOrigins);
  const perOrigins = new Map<string, Readonly<Record<string, string>>>();
  const headersFor = (origins: readonly string[]) => {
    const key = origins.join(' ');
    let found = perOrigins.get(key);
    if (!found) {
      found = securityHeaders(origins, options.scriptOrigins);
      if (perOrigins.size < 256) perOrigins.set(key, found);
    }
    return found;
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(options.gameOriginsFor ? headersFor(options.gameOriginsFor(request)) : headers);
    if (isConsolePath(request.url)) reply.header('content-security-policy', CONSOLE_CONTENT_SECURITY_POLICY).header('x-frame-options', 'DENY');
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  installJsonCompression(app);

  // JSON only; an empty body reads as {} so argument-less calls need not send one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const source = String(text);
    if (source.trim() === '') return done(null, {});
    try {
      done(null, secureJson.parse(source, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      const error = new Error('malformed JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  installErrorHandler(app);

  await app.register(rateLimit, {
    global: true,
    max: options.ratePerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => request.ip,
    ...(options.redis ? { redis: options.redis, nameSpace: 'lobby-rl:' } : {}),
    errorResponseBuilder: (request, context) => {
      const error = new Error(errorMessage(ErrorCode.IP_LIMIT, requestLanguage(request))) as Error & { statusCode: number };
      error.statusCode = context.statusCode;
      return error;
    },
  });

  if (options.consoleDistDir && existsSync(join(options.consoleDistDir, 'index.html'))) {
    // The console: its own build under /console/, its pages answered by its index.html (it routes itself).
    await app.register(fastifyStatic, {
      root: options.consoleDistDir,
      prefix: '/console/',
      decorateReply: false,
      wildcard: false,
      index: false,
      maxAge: '1h',
      setHeaders: (reply, path) => {
        if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('index.html')) reply.header('cache-control', 'no-cache');
      },
    });
    const consoleIndex = readFileSync(join(options.consoleDistDir, 'index.html'));
    const sendConsole = (_request: unknown, reply: any) =>
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(consoleIndex);
    app.get('/console', (_request, reply) => reply.redirect('/console/'));
    app.get('/console/', sendConsole);
    app.get('/console/*', (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (/\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
      return sendConsole(request, reply);
    });
  }

  if (options.webDistDir && existsSync(join(options.webDistDir, 'index.html'))) {
    // The web build writes .br and .gz beside each asset; browsers that accept them get those.
    // Files under assets/ carry a content hash in their name, so they never change and are kept for
    // a year; index.html names the current ones, so it is checked on every visit or a release would
    // reach phones an hour late.
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('index.html')) reply.header('cache-control', 'no-cache');
      },
    });
    const sendApp = (_request: unknown, reply: any) => reply.sendFile('index.html');
    app.get('/', sendApp);
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/v1/') || isConsolePath(request.url)) return reply.callNotFound();
      const path = request.url.split('?')[0];
      if (/\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
      return sendApp(request, reply);
    });
  }

  return app;
}

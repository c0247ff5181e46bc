import { catalogueCodeOf, ErrorCode, type CallDefinition, type CallParsedRequest, type Language } from '@lobby/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, UnauthorizedError } from './app-error.ts';
import { reportedClientIp, requestLanguage } from './request-context.ts';

/** A signed-in player's session, as the player module's session service answers it. */
export interface AuthenticatedSession {
  sessionId: bigint;
  playerId: number;
}
/** What checks a call's token; the player module's session service is the one. */
export interface SessionAuthenticator {
  authenticate(token: string): Promise<AuthenticatedSession>;
}

export interface CallContext<C extends CallDefinition> {
  body: CallParsedRequest<C>;
  /** The signed-in player's session; always set on `player` calls, maybe on `optional` ones. */
  session: C['auth'] extends 'player' ? AuthenticatedSession : AuthenticatedSession | null;
  /** The connection's address (or the trusted proxy's forwarded one): what limits key on. */
  ip: string;
  /** What the client says its address is: recorded only. */
  clientIp: string | null;
  lang: Language;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Per-route limit per connection address, on top of the global one. */
  rateLimit?: { max: number; timeWindow: number | string };
}

export type CallHandler<C extends CallDefinition> = (ctx: CallContext<C>) => Promise<unknown>;

/**
 * Registers one RPC call: POST only, the contract's schema validates the body (unknown fields
 * rejected), the token is checked when the call needs one, and the handler's data is wrapped in
 * the envelope. Errors are turned into envelopes by the app's error handler.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  sessions: SessionAuthenticator,
  call: C,
  handler: CallHandler<C>,
  options: RouteOptions = {},
) {
  app.post(call.path, { config: options.rateLimit ? { rateLimit: options.rateLimit } : {} }, async (request, reply) => {
    const token = readToken(request);
    let session: AuthenticatedSession | null = null;
    if (call.auth === 'player') {
      if (!token) throw new UnauthorizedError();
      session = await sessions.authenticate(token);
    } else if (call.auth === 'optional' && token) {
      session = await sessions.authenticate(token).catch(() => null);
    }
    const parsed = call.request.safeParse(request.body === undefined ? {} : request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issue.path.join('.') : 'body';
      // A format with its own catalogue code (a TRON address, a PIX key) answers with that code.
      throw new AppError(catalogueCodeOf(parsed.error.issues) ?? ErrorCode.INVALID_PARAMETERS, `${where}: ${issue?.message ?? 'invalid'}`);
    }
    const data = await handler({
      body: parsed.data as CallParsedRequest<C>,
      session: session as CallContext<C>['session'],
      ip: request.ip,
      clientIp: reportedClientIp(request),
      lang: requestLanguage(request),
      request,
      reply,
    });
    return { code: 0, msg: 'success', data: data ?? null };
  });
}

function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.length >= 16 && token.length <= 128 ? token : null;
}

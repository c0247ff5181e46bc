import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProviderWalletService, WalletOutcome, WalletStatus } from '../provider-wallet.service.ts';
import { SIGNATURE_HEADER, verifyBody } from './signature.ts';
import { playerIdFromAggregatorUser } from './user-id.ts';

/**
 * Hub88's Wallet API, served to the aggregator: `POST /hub88/wallet/user/info`, `/user/balance`,
 * `/transaction/bet`, `/transaction/win` and `/transaction/rollback`. Each body is verified against
 * its `X-Hub88-Signature` over the exact bytes received, before it is parsed. Every business outcome
 * is HTTP 200 with a `status`; the reply echoes `request_uuid` and carries `user`, `currency` and
 * `balance` where they apply. Unknown fields are accepted.
 */

export const HUB88_WALLET_PREFIX = '/hub88/wallet';

export interface Hub88WalletOptions {
  /** The aggregator's public keys (SPKI PEM), read at each call: a callback signed by any of them is its. */
  publicKeysPem: () => string[];
}

/** A field of the wrong type or shape: RS_ERROR_WRONG_TYPES. */
class WrongTypes extends Error {}

type Body = Record<string, unknown>;

function text(body: Body, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value.length === 0 || value.length > 255) throw new WrongTypes(name);
  return value;
}

function optionalText(body: Body, name: string): string | null {
  return body[name] === undefined || body[name] === null ? null : text(body, name);
}

function amount(body: Body, name: string): bigint {
  const value = body[name];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new WrongTypes(name);
  return BigInt(value);
}

function flag(body: Body, name: string): boolean {
  const value = body[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new WrongTypes(name);
  return value;
}

/** The fields a win and a rollback share: what they are, what they refer to, and the session. */
function transaction(body: Body) {
  return {
    transactionUuid: text(body, 'transaction_uuid'),
    referenceTransactionUuid: text(body, 'reference_transaction_uuid'),
    token: text(body, 'token'),
    roundClosed: flag(body, 'round_closed'),
  };
}

interface Caller {
  body: Body;
  requestUuid: unknown;
  user: string;
  playerId: number | null;
}

type Handler = (caller: Caller) => Promise<WalletOutcome & { withCurrency?: boolean }>;

export async function registerHub88WalletRoutes(http: FastifyInstance, wallet: ProviderWalletService, options: Hub88WalletOptions): Promise<void> {
  const currency = wallet.currency;

  const answer = (reply: FastifyReply, requestUuid: unknown, fields: Record<string, unknown>) =>
    reply.status(200).send({ ...fields, request_uuid: typeof requestUuid === 'string' ? requestUuid : null });

  const route = (path: string, handler: Handler) => async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers[SIGNATURE_HEADER.toLowerCase()];
    let body: unknown;
    let syntaxOk = true;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      syntaxOk = false;
    }
    const requestUuid = body !== null && typeof body === 'object' ? (body as Body).request_uuid : undefined;
    const signed = typeof signature === 'string' ? signature : undefined;
    if (!options.publicKeysPem().some((key) => verifyBody(raw, signed, key))) {
      return answer(reply, requestUuid, { status: 'RS_ERROR_INVALID_SIGNATURE' satisfies WalletStatus });
    }
    if (!syntaxOk) return answer(reply, undefined, { status: 'RS_ERROR_WRONG_SYNTAX' satisfies WalletStatus });
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return answer(reply, undefined, { status: 'RS_ERROR_WRONG_TYPES' satisfies WalletStatus });
    }
    const fieldsOf = body as Body;
    let user: string | undefined;
    try {
      text(fieldsOf, 'request_uuid');
      user = text(fieldsOf, 'user');
      const outcome = await handler({ body: fieldsOf, requestUuid, user, playerId: playerIdFromAggregatorUser(user) });
      const fields: Record<string, unknown> = { user, status: outcome.status };
      if (outcome.withCurrency !== false) fields.currency = currency;
      if (outcome.balance !== undefined) fields.balance = Number(outcome.balance);
      return answer(reply, requestUuid, fields);
    } catch (error) {
      if (error instanceof WrongTypes) {
        return answer(reply, requestUuid, { ...(user ? { user } : {}), status: 'RS_ERROR_WRONG_TYPES' satisfies WalletStatus });
      }
      request.log.error({ err: error, path }, 'wallet callback failed');
      return answer(reply, requestUuid, { ...(user ? { user } : {}), status: 'RS_ERROR_UNKNOWN' satisfies WalletStatus });
    }
  };

  const invalidToken = { status: 'RS_ERROR_INVALID_TOKEN' } as const;

  await http.register(
    async (scope) => {
      // The signature covers the bytes as sent: keep them, whatever the content type says.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, payload, done) => done(null, payload));
      const post = (path: string, handler: Handler) => scope.post(path, { config: { rateLimit: false } }, route(path, handler));

      post('/user/info', async ({ playerId }) => {
        if (playerId === null) return { ...invalidToken, withCurrency: false };
        return { ...(await wallet.userInfo(playerId)), withCurrency: false };
      });

      post('/user/balance', async ({ body, playerId }) => {
        const token = text(body, 'token');
        optionalText(body, 'game_code');
        if (playerId === null) return invalidToken;
        return wallet.balance(token, playerId);
      });

      post('/transaction/bet', async ({ body, user, playerId }) => {
        const request = {
          transactionUuid: text(body, 'transaction_uuid'),
          token: text(body, 'token'),
          round: text(body, 'round'),
          gameCode: text(body, 'game_code'),
          currency: text(body, 'currency'),
          amount: amount(body, 'amount'),
          roundClosed: flag(body, 'round_closed'),
        };
        if (playerId === null) return invalidToken;
        return wallet.bet({ ...request, user, playerId });
      });

      post('/transaction/win', async ({ body, user, playerId }) => {
        const request = {
          ...transaction(body),
          gameCode: text(body, 'game_code'),
          round: text(body, 'round'),
          currency: text(body, 'currency'),
          amount: amount(body, 'amount'),
        };
        if (playerId === null) return invalidToken;
        return wallet.win({ ...request, user, playerId });
      });

      post('/transaction/rollback', async ({ body, user, playerId }) => {
        const request = { ...transaction(body), round: optionalText(body, 'round'), gameCode: optionalText(body, 'game_code') };
        if (playerId === null) return invalidToken;
        return wallet.rollback({ ...request, user, playerId });
      });
    },
    { prefix: HUB88_WALLET_PREFIX },
  );
}

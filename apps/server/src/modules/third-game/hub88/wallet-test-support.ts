import { randomBytes, randomUUID } from 'node:crypto';
import { signBody, SIGNATURE_HEADER } from './signature.ts';
import { TEST_AGGREGATOR_PRIVATE_KEY_PEM } from './test-key-pair.ts';
import { aggregatorUserId } from './user-id.ts';

/** Signs and posts a wallet callback as the aggregator would, returning the HTTP status and the JSON reply. */
export async function walletCall(
  baseUrl: string,
  path: string,
  body: unknown,
  options: { privateKeyPem?: string; signature?: string; raw?: string } = {},
): Promise<{ http: number; json: any }> {
  const text = options.raw ?? JSON.stringify(body);
  const response = await fetch(`${baseUrl}/hub88/wallet${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: options.signature ?? signBody(text, options.privateKeyPem ?? TEST_AGGREGATOR_PRIVATE_KEY_PEM),
    },
    body: text,
  });
  const reply = await response.text();
  let json: any;
  try {
    json = JSON.parse(reply);
  } catch {
    json = { unparsable: reply };
  }
  return { http: response.status, json };
}

/** Builds the bodies of one player's game session, as Hub88 sends them. */
export function callbacks(playerId: number, token: string, gameCode: string, currency = 'USD') {
  const user = aggregatorUserId(playerId);
  const common = () => ({ user, token, request_uuid: randomUUID(), game_code: gameCode });
  return {
    user,
    info: () => ({ user, request_uuid: randomUUID() }),
    balance: () => common(),
    bet: (amount: number, extra: Record<string, unknown> = {}) => ({
      ...common(),
      transaction_uuid: randomUUID(),
      supplier_transaction_id: randomBytes(8).toString('hex'),
      round: `round-${randomUUID()}`,
      round_closed: false,
      is_free: false,
      bet: 'spin',
      currency,
      amount,
      ...extra,
    }),
    win: (bet: { transaction_uuid: string; round: string }, amount: number, extra: Record<string, unknown> = {}) => ({
      ...common(),
      transaction_uuid: randomUUID(),
      supplier_transaction_id: randomBytes(8).toString('hex'),
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      round_closed: true,
      currency,
      amount,
      ...extra,
    }),
    rollback: (bet: { transaction_uuid: string; round: string }, extra: Record<string, unknown> = {}) => ({
      ...common(),
      transaction_uuid: randomUUID(),
      supplier_transaction_id: randomBytes(8).toString('hex'),
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      round_closed: true,
      ...extra,
    }),
  };
}

/** A new game-session token, as the lobby issues one per launch. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

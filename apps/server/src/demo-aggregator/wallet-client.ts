import { randomUUID } from 'node:crypto';
import { SIGNATURE_HEADER, signBody } from '../modules/third-game/hub88/signature.ts';

/** A wallet reply; `status` is RS_OK or an RS_ERROR_* status. */
export interface WalletReply {
  status: string;
  balance?: number;
  currency?: string;
  user?: string;
  request_uuid?: string;
  [field: string]: unknown;
}

/** Either the wallet answered (with any status), or after every try nobody knows what happened. */
export type WalletOutcome = { answered: true; reply: WalletReply } | { answered: false; reason: string };

export interface WalletClientOptions {
  walletUrl: () => string;
  privateKeyPem: string;
  /** How long one call may take before it counts as lost (default 4000 ms). */
  timeoutMs?: number;
  /** Pauses before each retry of a call that got no answer (default 250, 500, 1000 ms). */
  retryDelaysMs?: readonly number[];
  log?: (msg: string, extra?: object) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Signed calls to the operator's wallet. A call that times out, fails at network level or gets no
 * JSON status back is retried with the same body (same transaction_uuid) and a new request_uuid.
 */
export class WalletClient {
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly options: WalletClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 4000;
    this.retryDelaysMs = options.retryDelaysMs ?? [250, 500, 1000];
  }

  /** One signed POST to `{walletUrl}{path}`; never throws. */
  async once(path: string, fields: Record<string, unknown>): Promise<WalletOutcome> {
    const body = JSON.stringify({ ...fields, request_uuid: randomUUID() });
    try {
      const response = await fetch(this.options.walletUrl().replace(/\/+$/, '') + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(body, this.options.privateKeyPem) },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await response.text();
      let reply: unknown;
      try {
        reply = JSON.parse(text);
      } catch {
        return { answered: false, reason: `HTTP ${response.status} without JSON` };
      }
      if (!response.ok || typeof (reply as WalletReply)?.status !== 'string') {
        return { answered: false, reason: `HTTP ${response.status} without a status` };
      }
      return { answered: true, reply: reply as WalletReply };
    } catch (error) {
      return { answered: false, reason: error instanceof Error ? error.name + ': ' + error.message : String(error) };
    }
  }

  /** The call, retried after each pause of retryDelaysMs until it is answered. */
  async call(path: string, fields: Record<string, unknown>): Promise<WalletOutcome> {
    let outcome = await this.once(path, fields);
    for (const delay of this.retryDelaysMs) {
      if (outcome.answered) break;
      this.options.log?.('wallet call unanswered, retrying', { path, transaction_uuid: fields.transaction_uuid, reason: outcome.reason });
      await sleep(delay);
      outcome = await this.once(path, fields);
    }
    return outcome;
  }
}

// The API server's side of the channel to the signer. Every request is signed with the shared key;
// every answer must carry the signer's signature over it, bound to this request's nonce, or it is
// not believed. Failures come out as one of three errors:
//   SignerRefusedError        the signer judged the batch and refused it (reason, sweepId); retrying
//                             the same batch will not help
//   SignerUnauthenticatedError the signer refused our signature, or the answer is not the signer's
//                             (wrong shared key, clock skew, tampering on the way)
//   SignerUnreachableError    no answer, a timeout, or an answer that makes no sense (retry later)
import { toHexAddress } from '../chain/address.ts';
import { recoverSignerAddress, txIdOf } from '../chain/transaction.ts';
import { HEADER_NONCE, HEADER_SIGNATURE, HEADER_TIMESTAMP, macEquals, responseSignature, signRequest } from './channel-auth.ts';
import type { SignedBatch, SweepBatch } from './sweep-signer.ts';

export type { SignedBatch, SweepBatch, SweepRequest, SweepSignature } from './sweep-signer.ts';

export class SignerError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SignerError';
  }
}

export class SignerRefusedError extends SignerError {
  constructor(
    readonly reason: string,
    readonly sweepId: string | null,
    readonly batchId: string | null,
  ) {
    super(`the signer refused batch ${batchId ?? '?'}${sweepId ? ` (sweep ${sweepId})` : ''}: ${reason}`);
    this.name = 'SignerRefusedError';
  }
}

export class SignerUnauthenticatedError extends SignerError {
  constructor(readonly reason: string) {
    super(`signer channel not authenticated: ${reason}`);
    this.name = 'SignerUnauthenticatedError';
  }
}

export class SignerUnreachableError extends SignerError {
  constructor(message: string, options?: ErrorOptions) {
    super(`signer unreachable: ${message}`, options);
    this.name = 'SignerUnreachableError';
  }
}

export interface SignerHealth {
  status: 'ok';
  /** The signer's account xpub: must equal the API server's DEPOSIT_XPUB. */
  accountXpub: string;
  allowedDestinations: string[];
  usdtContract: string;
  maxFeeLimitSun: string;
  maxExpirationMs: number;
}

export interface SignerClientOptions {
  /** Base URL of the signer, e.g. http://127.0.0.1:8095 */
  url: string;
  /** The shared key, hex, the same as the signer's SIGNER_SHARED_KEY. */
  sharedKey: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** Checks each signature against the deposit address of its index (e.g. createDepositDeriver(xpub).address). */
  depositAddress?: (index: number) => string;
}

export class SignerClient {
  private readonly base: URL;
  private readonly key: Uint8Array;
  private readonly timeoutMs: number;

  constructor(private readonly options: SignerClientOptions) {
    this.base = new URL(options.url);
    if (!/^([0-9a-fA-F]{2}){32,}$/.test(options.sharedKey)) throw new TypeError('sharedKey must be hex of at least 32 bytes');
    this.key = Uint8Array.from(Buffer.from(options.sharedKey, 'hex'));
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Signs a batch of sweeps: all of them, or none (SignerRefusedError). */
  async sign(batch: SweepBatch): Promise<SignedBatch> {
    const answer = (await this.call('POST', '/v1/sign', JSON.stringify(batch))) as Partial<SignedBatch>;
    if (answer?.batchId !== batch.batchId || !Array.isArray(answer.signatures) || answer.signatures.length !== batch.sweeps.length) {
      throw new SignerUnreachableError('the signer answered for another batch');
    }
    const byId = new Map(answer.signatures.map((s) => [s?.id, s]));
    const signatures = batch.sweeps.map((sweep) => {
      const s = byId.get(sweep.id);
      const txId = txIdOf(Buffer.from(sweep.rawDataHex, 'hex'));
      if (!s || s.txId !== txId || typeof s.signature !== 'string')
        throw new SignerUnreachableError(`the signer's answer for sweep ${sweep.id} does not match it`);
      const signer = recoverSignerAddress(txId, s.signature);
      if (!signer) throw new SignerUnreachableError(`the signature of sweep ${sweep.id} is malformed`);
      if (this.options.depositAddress) {
        const expected = this.options.depositAddress(sweep.index);
        if (signer !== toHexAddress(expected)) {
          throw new SignerUnreachableError(
            `the signature of sweep ${sweep.id} is not by the deposit address of index ${sweep.index}: is the signer's key the server's xpub?`,
          );
        }
      }
      return { id: sweep.id, txId, signature: s.signature };
    });
    return { batchId: batch.batchId, signatures };
  }

  /** The signer's keys and policy, authenticated. */
  async health(): Promise<SignerHealth> {
    const answer = (await this.call('GET', '/v1/health', '')) as SignerHealth;
    if (answer?.status !== 'ok') throw new SignerUnreachableError('the signer is not healthy');
    return answer;
  }

  private async call(method: 'GET' | 'POST', route: string, body: string): Promise<unknown> {
    const url = new URL(route, this.base);
    const path = url.pathname + url.search;
    const headers = signRequest(this.key, method, path, body);
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? body : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      text = await res.text();
    } catch (e) {
      throw new SignerUnreachableError((e as Error).message, { cause: e });
    }
    const timestamp = res.headers.get(HEADER_TIMESTAMP) ?? '';
    const expected = responseSignature(this.key, res.status, method, path, headers[HEADER_NONCE], timestamp, text);
    if (!macEquals(expected, res.headers.get(HEADER_SIGNATURE))) {
      throw new SignerUnauthenticatedError(`the answer (HTTP ${res.status}) is not signed by the signer`);
    }
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new SignerUnreachableError(`the answer (HTTP ${res.status}) is not JSON`);
    }
    if (res.status === 200) return payload;
    if (res.status === 401) throw new SignerUnauthenticatedError(`the signer refused our request: ${String(payload?.reason ?? 'unauthenticated')}`);
    if (res.status === 422) {
      const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
      throw new SignerRefusedError(str(payload.reason) ?? 'refused', str(payload.sweepId), str(payload.batchId));
    }
    throw new SignerUnreachableError(`HTTP ${res.status}: ${String(payload?.error ?? '')}`);
  }
}

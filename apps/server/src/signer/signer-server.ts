// The signer's HTTP face: two routes behind signed requests, every answer signed.
//   POST /v1/sign    { batchId, sweeps: [{ id, index, rawDataHex }] } → { batchId, signatures: [{ id, txId, signature }] }
//                    or 422 { error: 'refused', batchId, sweepId, reason }: nothing of the batch was signed
//   GET  /v1/health  → { status: 'ok', accountXpub, allowedDestinations, usdtContract, maxFeeLimitSun, maxExpirationMs }
// Anything not authenticated is 401 and logged; nothing is routed before the signature, timestamp and
// nonce check out.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOCK_WINDOW_MS, HEADER_NONCE, HEADER_SIGNATURE, HEADER_TIMESTAMP, checkRequest, responseSignature } from './channel-auth.ts';
import type { SignerConfig } from './signer-config.ts';
import { NonceStore, ReplayedNonceError, SignerLog } from './signer-log.ts';
import { SweepRefusedError, type SweepSigner, createSweepSigner, signBatchLogged } from './sweep-signer.ts';

export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface RunningSigner {
  /** http://host:port */
  url: string;
  port: number;
  signer: SweepSigner;
  close(): Promise<void>;
}

export function nonceFileOf(logPath: string): string {
  return `${logPath}.nonces`;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.pause();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startSignerServer(config: SignerConfig, options: { now?: () => number } = {}): Promise<RunningSigner> {
  const now = options.now ?? Date.now;
  const signer = createSweepSigner(config, now);
  const log = new SignerLog(config.logPath);
  const nonces = new NonceStore(nonceFileOf(config.logPath), now);
  const key = config.sharedKey;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const nonceHeader = req.headers[HEADER_NONCE];
    const requestNonce = typeof nonceHeader === 'string' && /^[0-9a-f]{32,128}$/.test(nonceHeader) ? nonceHeader : '';
    const remote = req.socket.remoteAddress ?? null;

    const send = (status: number, payload: unknown): void => {
      const body = JSON.stringify(payload);
      const timestamp = String(now());
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        [HEADER_TIMESTAMP]: timestamp,
        [HEADER_SIGNATURE]: responseSignature(key, status, method, path, requestNonce, timestamp, body),
      });
      res.end(body);
    };
    const unauthenticated = (reason: string): void => {
      log.write({ event: 'unauthenticated', reason, method, path: path.slice(0, 200), remote });
      send(401, { error: 'unauthenticated', reason });
    };

    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        log.write({ event: 'unauthenticated', reason: 'body too large', method, path: path.slice(0, 200), remote });
        res.setHeader('connection', 'close');
        send(413, { error: 'body too large' });
        return;
      }
      throw e;
    }

    const auth = checkRequest(key, method, path, req.headers, body, now());
    if (!auth.ok) return unauthenticated(auth.reason);
    try {
      nonces.use(auth.nonce, auth.timestamp + CLOCK_WINDOW_MS + 1000);
    } catch (e) {
      if (e instanceof ReplayedNonceError) return unauthenticated('replayed nonce');
      throw e;
    }

    if (method === 'GET' && path === '/v1/health') {
      return send(200, {
        status: 'ok',
        accountXpub: signer.accountXpub,
        allowedDestinations: signer.policy.allowedDestinations,
        usdtContract: signer.policy.usdtContract,
        maxFeeLimitSun: String(signer.policy.maxFeeLimitSun),
        maxExpirationMs: signer.policy.maxExpirationMs,
      });
    }
    if (method === 'POST' && path === '/v1/sign') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      try {
        return send(200, signBatchLogged(signer, log, parsed, { via: 'http', remote }));
      } catch (e) {
        if (e instanceof SweepRefusedError) {
          const batchId = parsed && typeof parsed === 'object' ? (parsed as { batchId?: unknown }).batchId : undefined;
          return send(422, { error: 'refused', batchId: typeof batchId === 'string' ? batchId : null, sweepId: e.sweepId ?? null, reason: e.reason });
        }
        throw e;
      }
    }
    send(404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      try {
        log.write({ event: 'error', message: (e as Error)?.message ?? String(e) });
      } catch {}
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: 'internal error' }));
      } else res.destroy();
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  log.write({
    event: 'started',
    via: 'http',
    listen: `${host}:${port}`,
    accountXpub: signer.accountXpub,
    allowedDestinations: signer.policy.allowedDestinations,
  });
  return {
    url: `http://${host}:${port}`,
    port,
    signer,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      log.close();
      nonces.close();
    },
  };
}

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifyBody } from '../modules/third-game/hub88/signature.ts';

/** One callback the test wallet received. */
export interface RecordedCall {
  path: string;
  body: Record<string, any>;
  signatureValid: boolean;
}

export interface TestWalletOptions {
  /** The aggregator's public key: every callback must verify with it. */
  aggregatorPublicKeyPem: string;
  balance: number;
  currency?: string;
  /** Called before answering; return 'hang' to never answer this call (a timeout for the caller). */
  intercept?: (call: RecordedCall, index: number) => 'hang' | void;
}

/**
 * A small seamless wallet for the demo aggregator's tests: it checks the signature of every
 * callback, records it, and keeps one balance with bet/win/rollback applied once per
 * transaction_uuid, as the operator's wallet does.
 */
export async function startTestWallet(options: TestWalletOptions) {
  const calls: RecordedCall[] = [];
  const hanging: IncomingMessage[] = [];
  const applied = new Map<string, { kind: string; amount: number; rolledBack: boolean }>();
  const currency = options.currency ?? 'USD';
  let balance = options.balance;

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const path = (req.url ?? '').replace(/^\/hub88\/wallet/, '');
    const signature = req.headers[SIGNATURE_HEADER.toLowerCase()];
    const call: RecordedCall = {
      path,
      body: JSON.parse(raw.toString('utf8')),
      signatureValid: verifyBody(raw, typeof signature === 'string' ? signature : undefined, options.aggregatorPublicKeyPem),
    };
    calls.push(call);
    if (options.intercept?.(call, calls.length - 1) === 'hang') {
      hanging.push(req);
      return;
    }
    const body = call.body;
    const reply = (status: string) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status, request_uuid: body.request_uuid, user: body.user, currency, balance }));
    };
    if (!call.signatureValid) return reply('RS_ERROR_INVALID_SIGNATURE');
    const known = applied.get(body.transaction_uuid);
    if (path === '/user/balance' || path === '/user/info') return reply('RS_OK');
    if (known) return reply('RS_OK');
    if (path === '/transaction/bet') {
      if ([...applied.values()].some((t) => t.kind === 'rollback-of:' + body.transaction_uuid)) return reply('RS_ERROR_TRANSACTION_ROLLED_BACK');
      if (body.amount > balance) return reply('RS_ERROR_NOT_ENOUGH_MONEY');
      balance -= body.amount;
      applied.set(body.transaction_uuid, { kind: 'bet', amount: body.amount, rolledBack: false });
      return reply('RS_OK');
    }
    if (path === '/transaction/win') {
      balance += body.amount;
      applied.set(body.transaction_uuid, { kind: 'win', amount: body.amount, rolledBack: false });
      return reply('RS_OK');
    }
    if (path === '/transaction/rollback') {
      const bet = applied.get(body.reference_transaction_uuid);
      if (bet && !bet.rolledBack) {
        bet.rolledBack = true;
        balance += bet.amount;
      }
      applied.set(body.transaction_uuid, { kind: 'rollback-of:' + body.reference_transaction_uuid, amount: 0, rolledBack: false });
      return reply('RS_OK');
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hub88/wallet`,
    calls,
    balance: () => balance,
    async close() {
      for (const req of hanging) req.socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

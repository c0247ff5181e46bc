import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SELECTOR, encodeTransferParams } from '../chain/abi.ts';
import { toHexAddress } from '../chain/address.ts';
import { ProtoWriter } from '../chain/protobuf.ts';
import { recoverSignerAddress, txIdOf } from '../chain/transaction.ts';
import { HEADER_NONCE, HEADER_SIGNATURE, HEADER_TIMESTAMP, macEquals, responseSignature, signRequest } from './channel-auth.ts';
import { SignerClient, SignerRefusedError, SignerUnauthenticatedError, SignerUnreachableError } from './signer-client.ts';
import { loadSignerConfig } from './signer-config.ts';
import { type RunningSigner, startSignerServer } from './signer-server.ts';
import type { SweepBatch } from './sweep-signer.ts';
import { COLD, HOT, SHARED_KEY, STRANGER, TEST_XPUB, USDT, deposit, hexOf, signerEnv, tempLogPath, trxRaw, trxSweep, usdtSweep } from './test-fixtures.ts';

const KEY = Uint8Array.from(Buffer.from(SHARED_KEY, 'hex'));

let logPath: string;
let running: RunningSigner;
let client: SignerClient;

async function start(): Promise<void> {
  running = await startSignerServer(loadSignerConfig(signerEnv(logPath)));
  client = new SignerClient({ url: running.url, sharedKey: SHARED_KEY, depositAddress: (i) => deposit.address(i) });
}

function logLines(): Array<Record<string, unknown>> {
  return readFileSync(logPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** A request signed by hand, for the tests that play with the headers. */
async function rawRequest(method: 'GET' | 'POST', path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${running.url}${path}`, { method, headers, body: method === 'POST' ? body : undefined });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

async function refusal(batch: SweepBatch): Promise<SignerRefusedError> {
  const error = await client.sign(batch).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SignerRefusedError);
  return error as SignerRefusedError;
}

beforeEach(async () => {
  logPath = tempLogPath();
  await start();
});

afterEach(async () => {
  await running.close();
});

describe('POST /v1/sign', () => {
  it('signs a TRX sweep and a USDT sweep, each signature recovering to the deposit address of its index', async () => {
    const batch = { batchId: 'b-1', sweeps: [trxSweep('s-1', 3, HOT), usdtSweep('s-2', 17, COLD)] };
    const signed = await client.sign(batch);
    expect(signed.batchId).toBe('b-1');
    expect(signed.signatures.map((s) => s.id)).toEqual(['s-1', 's-2']);
    for (const [i, s] of signed.signatures.entries()) {
      const sweep = batch.sweeps[i];
      expect(s.txId).toBe(txIdOf(Buffer.from(sweep.rawDataHex, 'hex')));
      expect(s.signature).toMatch(/^[0-9a-f]{130}$/);
      expect(recoverSignerAddress(s.txId, s.signature)).toBe(toHexAddress(deposit.address(sweep.index)));
    }
  });

  it('signs the same transaction to the same txId and signature every time (RFC 6979), so a batch signed again after a crash changes nothing', async () => {
    const sweep = usdtSweep('s-1', 5);
    const first = await client.sign({ batchId: 'b-1', sweeps: [sweep] });
    const again = await client.sign({ batchId: 'b-1-retry', sweeps: [{ ...sweep, id: 'other-id' }] });
    expect(again.signatures[0].txId).toBe(first.signatures[0].txId);
    expect(again.signatures[0].signature).toBe(first.signatures[0].signature);
  });

  it('writes every signature to its log before answering', async () => {
    const signed = await client.sign({ batchId: 'b-log', sweeps: [trxSweep('s-1', 1, HOT, 7_000_000n), usdtSweep('s-2', 2, COLD, 9n)] });
    const lines = logLines().filter((l) => l.event === 'signed');
    expect(lines).toEqual([
      expect.objectContaining({
        via: 'http',
        batchId: 'b-log',
        sweepId: 's-1',
        index: 1,
        currency: 'TRX',
        from: deposit.address(1),
        to: HOT,
        amount: '7000000',
        txId: signed.signatures[0].txId,
        signature: signed.signatures[0].signature,
      }),
      expect.objectContaining({ via: 'http', batchId: 'b-log', sweepId: 's-2', index: 2, currency: 'USDT', from: deposit.address(2), to: COLD, amount: '9' }),
    ]);
  });

  it('refuses a TRX sweep to an address not in its configuration, and signs nothing of the batch', async () => {
    const error = await refusal({ batchId: 'b-2', sweeps: [trxSweep('good', 1, HOT), trxSweep('bad', 2, STRANGER)] });
    expect(error.sweepId).toBe('bad');
    expect(error.batchId).toBe('b-2');
    expect(error.reason).toContain(`destination ${STRANGER} is not an allowed destination`);
    const lines = logLines();
    expect(lines.some((l) => l.event === 'signed')).toBe(false);
    expect(lines).toContainEqual(expect.objectContaining({ event: 'refused', batchId: 'b-2', sweepId: 'bad', reason: error.reason }));
  });

  it('refuses a USDT sweep to an address not in its configuration', async () => {
    const error = await refusal({ batchId: 'b', sweeps: [usdtSweep('u', 4, STRANGER)] });
    expect(error.reason).toMatch(/not an allowed destination/);
  });

  it('refuses a USDT transfer whose address word hides bytes above the 20 the chain reads', async () => {
    const data = `${SELECTOR.transfer}${'ff'.repeat(12)}${encodeTransferParams(HOT, 1n).slice(24)}`;
    const error = await refusal({ batchId: 'b', sweeps: [usdtSweep('u', 4, HOT, 1n, { data })] });
    expect(error.reason).toMatch(/address word .* not canonical/);
  });

  it('refuses a sweep whose owner is not the deposit address of the stated index', async () => {
    const sweep = { ...trxSweep('s', 7, HOT), index: 8 };
    const error = await refusal({ batchId: 'b', sweeps: [sweep] });
    expect(error.reason).toContain(`owner ${deposit.address(7)} is not the deposit address of index 8`);
  });

  it('refuses a sweep from an address it does not derive at all', async () => {
    const error = await refusal({ batchId: 'b', sweeps: [{ id: 's', index: 0, rawDataHex: hexOf(trxRaw(STRANGER, HOT, 1n)) }] });
    expect(error.reason).toMatch(/is not the deposit address of index 0/);
  });

  it('refuses another contract type, whatever the destination', async () => {
    // AccountPermissionUpdateContract (46): handing the deposit address to someone else.
    const any = new ProtoWriter()
      .string(1, 'type.googleapis.com/protocol.AccountPermissionUpdateContract')
      .bytes(2, new ProtoWriter().bytes(1, Buffer.from(toHexAddress(deposit.address(1)), 'hex')).finish())
      .finish();
    const raw = new ProtoWriter()
      .bytes(1, Uint8Array.of(1, 2))
      .bytes(4, new Uint8Array(8).fill(3))
      .int(8, Date.now() + 60_000)
      .bytes(11, new ProtoWriter().int(1, 46).bytes(2, any).finish())
      .finish();
    const error = await refusal({ batchId: 'b', sweeps: [trxSweep('ok', 1), { id: 'perm', index: 1, rawDataHex: Buffer.from(raw).toString('hex') }] });
    expect(error.sweepId).toBe('perm');
    expect(error.reason).toMatch(/contract type 46 is not a sweep/);
  });

  it('refuses a call to a contract other than the configured USDT, and a call that sends TRX along', async () => {
    expect((await refusal({ batchId: 'b', sweeps: [usdtSweep('u', 1, HOT, 5n, { contract: STRANGER })] })).reason).toMatch(/is not the USDT contract/);
    expect((await refusal({ batchId: 'b', sweeps: [usdtSweep('u', 1, HOT, 5n, { callValue: 1n })] })).reason).toMatch(/sends no TRX/);
    const approve = `095ea7b3${encodeTransferParams(HOT, 5n)}`;
    expect((await refusal({ batchId: 'b', sweeps: [usdtSweep('u', 1, HOT, 5n, { data: approve })] })).reason).toMatch(/not transfer\(address,uint256\)/);
  });

  it('refuses a fee_limit above its maximum and an expiration too far ahead', async () => {
    expect((await refusal({ batchId: 'b', sweeps: [usdtSweep('u', 1, HOT, 5n, { feeLimit: 100_000_001 })] })).reason).toMatch(/fee_limit .* above the maximum/);
    expect((await refusal({ batchId: 'b', sweeps: [trxSweep('t', 1, HOT, 5n, { expiration: Date.now() + 7 * 3_600_000 })] })).reason).toMatch(
      /expiration .* ahead/,
    );
  });

  it('refuses a memo, another permission, and a zero amount', async () => {
    expect((await refusal({ batchId: 'b', sweeps: [trxSweep('t', 1, HOT, 5n, { memo: '6869' })] })).reason).toMatch(/no memo/);
    expect((await refusal({ batchId: 'b', sweeps: [trxSweep('t', 1, HOT, 5n, { permissionId: 2 })] })).reason).toMatch(/Permission_id/);
    expect((await refusal({ batchId: 'b', sweeps: [usdtSweep('u', 1, HOT, 0n)] })).reason).toMatch(/above zero/);
  });

  it('refuses malformed bodies: bad hex, trailing bytes, a non-canonical encoding, a bad batch shape', async () => {
    const good = trxSweep('t', 1);
    const cases: Array<[unknown, RegExp]> = [
      [{ batchId: 'b', sweeps: [{ ...good, rawDataHex: 'zz' }] }, /rawDataHex must be hex/],
      [{ batchId: 'b', sweeps: [{ ...good, rawDataHex: `${good.rawDataHex}00` }] }, /malformed transaction/],
      // ref_block_num written as an explicit zero: the chain never writes it, so two byte strings would mean one transaction.
      [{ batchId: 'b', sweeps: [{ ...good, rawDataHex: `1800${good.rawDataHex}` }] }, /malformed transaction/],
      [{ batchId: 'b', sweeps: [good, good] }, /id appears twice/],
      [{ batchId: 'b', sweeps: [] }, /non-empty array/],
      [{ sweeps: [good] }, /batchId must be a string/],
      [{ batchId: 'b', sweeps: [{ ...good, index: -1 }] }, /index must be an integer/],
    ];
    for (const [body, reason] of cases) {
      expect((await refusal(body as SweepBatch)).reason).toMatch(reason);
    }
    expect(logLines().filter((l) => l.event === 'refused')).toHaveLength(cases.length);
  });

  it('ignores any description sent beside the bytes', async () => {
    const sweep = { ...trxSweep('t', 1, STRANGER), to: HOT, amount: '1', kind: 'trx' };
    expect((await refusal({ batchId: 'b', sweeps: [sweep] })).reason).toMatch(/not an allowed destination/);
  });
});

describe('GET /v1/health', () => {
  it('answers the addresses it will sign to and its account xpub, to an authenticated caller', async () => {
    const health = await client.health();
    expect(health).toEqual({
      status: 'ok',
      accountXpub: TEST_XPUB,
      allowedDestinations: [HOT, COLD],
      usdtContract: USDT,
      maxFeeLimitSun: '100000000',
      maxExpirationMs: 6 * 3_600_000,
    });
  });

  it('answers nothing to an unauthenticated caller', async () => {
    const res = await rawRequest('GET', '/v1/health', '', {});
    expect(res.status).toBe(401);
    expect(res.body.allowedDestinations).toBeUndefined();
  });
});

describe('the channel', () => {
  const body = () => JSON.stringify({ batchId: 'b', sweeps: [trxSweep('t', 1)] });

  it('refuses an unauthenticated request, and logs it', async () => {
    const res = await rawRequest('POST', '/v1/sign', body(), { 'content-type': 'application/json' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'unauthenticated', reason: 'missing signature headers' });
    expect(logLines()).toContainEqual(expect.objectContaining({ event: 'unauthenticated', reason: 'missing signature headers', path: '/v1/sign' }));
  });

  it('refuses a request signed with another key', async () => {
    const stranger = new SignerClient({ url: running.url, sharedKey: 'a5'.repeat(32) });
    // The answer is signed with the signer's key, which the stranger does not share: it cannot even trust the refusal.
    await expect(stranger.sign({ batchId: 'b', sweeps: [trxSweep('t', 1)] })).rejects.toBeInstanceOf(SignerUnauthenticatedError);
    expect(logLines()).toContainEqual(expect.objectContaining({ event: 'unauthenticated', reason: 'bad signature' }));
  });

  it('refuses a request whose body was changed after signing', async () => {
    const b = body();
    const headers = signRequest(KEY, 'POST', '/v1/sign', b);
    const res = await rawRequest('POST', '/v1/sign', b.replace('"b"', '"c"'), headers);
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('bad signature');
  });

  it('refuses a stale timestamp, and one too far in the future', async () => {
    const b = body();
    for (const skew of [-61_000, 61_000]) {
      const headers = signRequest(KEY, 'POST', '/v1/sign', b, Date.now() + skew);
      const res = await rawRequest('POST', '/v1/sign', b, headers);
      expect(res.status).toBe(401);
      expect(res.body.reason).toBe('timestamp outside the window');
    }
  });

  it('refuses a replayed request', async () => {
    const b = body();
    const headers = signRequest(KEY, 'POST', '/v1/sign', b);
    expect((await rawRequest('POST', '/v1/sign', b, headers)).status).toBe(200);
    const replay = await rawRequest('POST', '/v1/sign', b, headers);
    expect(replay.status).toBe(401);
    expect(replay.body.reason).toBe('replayed nonce');
  });

  it('refuses a replayed request after a restart of the signer', async () => {
    const b = body();
    const headers = signRequest(KEY, 'POST', '/v1/sign', b);
    expect((await rawRequest('POST', '/v1/sign', b, headers)).status).toBe(200);
    await running.close();
    await start();
    const replay = await rawRequest('POST', '/v1/sign', b, headers);
    expect(replay.status).toBe(401);
    expect(replay.body.reason).toBe('replayed nonce');
  });

  it('signs its answers, bound to the request they answer', async () => {
    const b = body();
    const headers = signRequest(KEY, 'POST', '/v1/sign', b);
    const res = await fetch(`${running.url}/v1/sign`, { method: 'POST', headers, body: b });
    const text = await res.text();
    const timestamp = res.headers.get(HEADER_TIMESTAMP) ?? '';
    const signature = res.headers.get(HEADER_SIGNATURE);
    expect(macEquals(responseSignature(KEY, 200, 'POST', '/v1/sign', headers[HEADER_NONCE], timestamp, text), signature)).toBe(true);
    expect(macEquals(responseSignature(KEY, 200, 'POST', '/v1/sign', 'f'.repeat(32), timestamp, text), signature)).toBe(false);
  });
});

describe('SignerClient', () => {
  /** A man in the middle that forwards everything and rewrites the answers' bodies. */
  async function tamperingProxy(rewrite: (body: string) => string): Promise<{ url: string; server: Server }> {
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const upstream = await fetch(`${running.url}${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k.startsWith('x-signer-') || k === 'content-type')) as Record<string, string>,
        body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
      });
      const text = rewrite(await upstream.text());
      res.writeHead(upstream.status, {
        'content-type': 'application/json',
        [HEADER_TIMESTAMP]: upstream.headers.get(HEADER_TIMESTAMP) ?? '',
        [HEADER_SIGNATURE]: upstream.headers.get(HEADER_SIGNATURE) ?? '',
      });
      res.end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  it('rejects a tampered answer', async () => {
    const proxy = await tamperingProxy((text) => text.replace(/"signature":"(..)/, '"signature":"00'));
    try {
      const viaProxy = new SignerClient({ url: proxy.url, sharedKey: SHARED_KEY });
      await expect(viaProxy.sign({ batchId: 'b', sweeps: [trxSweep('t', 1)] })).rejects.toBeInstanceOf(SignerUnauthenticatedError);
      // A forged refusal is not believed either.
      const forged = await tamperingProxy(() => JSON.stringify({ error: 'refused', batchId: 'b', sweepId: 't', reason: 'forged' }));
      try {
        const viaForger = new SignerClient({ url: forged.url, sharedKey: SHARED_KEY });
        await expect(viaForger.sign({ batchId: 'b', sweeps: [trxSweep('t', 1)] })).rejects.toBeInstanceOf(SignerUnauthenticatedError);
      } finally {
        forged.server.close();
      }
    } finally {
      proxy.server.close();
    }
  });

  it('rejects signatures that are not by the deposit addresses it derives from its own xpub', async () => {
    const wrongXpub = new SignerClient({ url: running.url, sharedKey: SHARED_KEY, depositAddress: () => HOT });
    await expect(wrongXpub.sign({ batchId: 'b', sweeps: [trxSweep('t', 1)] })).rejects.toThrow(/not by the deposit address of index 1/);
  });

  it('reports an unreachable signer', async () => {
    const url = running.url;
    await running.close();
    const offline = new SignerClient({ url, sharedKey: SHARED_KEY, timeoutMs: 2000 });
    await expect(offline.sign({ batchId: 'b', sweeps: [trxSweep('t', 1)] })).rejects.toBeInstanceOf(SignerUnreachableError);
    await start();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidBase58Address, privateKeyToAddress } from './address.ts';
import { type CliIo, runCli } from './devnet-cli.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TestDevnet, startTestDevnet } from './devnet/testing.ts';
import { deriveDepositAddress } from './hd.ts';

interface Captured extends CliIo {
  lines: string[];
  errors: string[];
}

function io(apiUrl: string): Captured {
  const lines: string[] = [];
  const errors: string[] = [];
  return { env: { TRON_API_URL: apiUrl }, out: (l) => lines.push(l), err: (l) => errors.push(l), lines, errors };
}

describe('devnet CLI', () => {
  let t: TestDevnet;
  beforeAll(async () => {
    t = await startTestDevnet();
  });
  afterAll(() => t.stop());

  it('new-wallet prints a private key and the address it controls', async () => {
    const c = io(t.url);
    expect(await runCli(['new-wallet'], c)).toBe(0);
    const address = c.lines.find((l) => l.startsWith('address:'))!.split(/\s+/)[1];
    const key = c.lines.find((l) => l.startsWith('private key:'))!.split(/\s+/)[2];
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(privateKeyToAddress(key)).toBe(address);
  });

  it('faucet sends the named amounts, exactly, once the next block is made', async () => {
    const w = t.newWallet();
    const c = io(t.url);
    expect(await runCli(['faucet', w.address, '--trx', '12.5', '--usdt', '0.000001'], c)).toBe(0);
    expect(c.lines.some((l) => /^TRX {2}tx [0-9a-f]{64}$/.test(l))).toBe(true);
    expect(await runCli(['produce'], io(t.url))).toBe(0);
    expect(t.devnet.balances(w.address)).toEqual({ trx: 12_500_000n, usdt: 1n });
    const b = io(t.url);
    expect(await runCli(['balance', w.address], b)).toBe(0);
    expect(b.lines).toEqual([w.address, 'TRX  12.5', 'USDT 0.000001']);
  });

  it('send-trx and send-usdt move exactly the decimal amount given', async () => {
    const from = t.fundedWallet({ trx: 10_000_000n, usdt: 10_000_000n });
    const to = t.newWallet();
    expect(await runCli(['send-trx', '--key', from.privateKey, '--to', to.address, '--amount', '1.5'], io(t.url))).toBe(0);
    expect(await runCli(['send-usdt', '--key', from.privateKey, '--to', to.address, '--amount', '2.000001'], io(t.url))).toBe(0);
    t.devnet.produceBlock();
    expect(t.devnet.balances(to.address)).toEqual({ trx: 1_500_000n, usdt: 2_000_001n });
  });

  it('send --wait reports the block and result once the transfer is included', async () => {
    const from = t.fundedWallet({ trx: 10_000_000n, usdt: 1_000_000n });
    const c = io(t.url);
    const running = runCli(['send-usdt', '--key', from.privateKey, '--to', t.newWallet().address, '--amount', '5', '--wait'], c);
    // Seal the block only once the CLI has broadcast, or the transfer would miss it.
    while (t.devnet.chain.pendingCount() === 0) await new Promise((r) => setTimeout(r, 10));
    const block = t.devnet.produceBlock();
    expect(await running).toBe(1);
    expect(c.lines.at(-1)).toBe(`included in block ${block.height}: REVERT (REVERT opcode executed)`);
  });

  it('rejects amounts with more than 6 decimals, in exponent form or zero, and sends nothing', async () => {
    const from = t.fundedWallet({ trx: 10_000_000n });
    const to = t.newWallet();
    for (const amount of ['1.0000001', '1e3', '0', '-1', 'abc']) {
      const c = io(t.url);
      expect(await runCli(['send-trx', '--key', from.privateKey, '--to', to.address, '--amount', amount], c), amount).toBe(2);
      expect(c.errors[0]).toMatch(/--amount/);
    }
    expect(t.devnet.chain.pendingCount()).toBe(0);
  });

  it('reports missing or malformed arguments as usage errors', async () => {
    const c = io(t.url);
    expect(await runCli(['send-trx', '--to', t.newWallet().address, '--amount', '1'], c)).toBe(2);
    expect(c.errors[0]).toMatch(/--key is required/);
    expect(await runCli(['faucet', 'not-an-address'], io(t.url))).toBe(2);
    expect(await runCli(['frobnicate'], io(t.url))).toBe(2);
    expect(await runCli(['balance', t.newWallet().address, '--bogus'], io(t.url))).toBe(2);
    expect(await runCli([], io(t.url))).toBe(2);
  });

  it('head prints the newest block', async () => {
    const head = t.devnet.produceBlock();
    const c = io(t.url);
    expect(await runCli(['head'], c)).toBe(0);
    expect(c.lines[0]).toBe(`height    ${head.height}`);
    expect(c.lines[1]).toBe(`id        ${head.id}`);
  });

  it('new-xpub prints an account xpub whose deposit addresses it lists', async () => {
    const c = io(t.url);
    expect(await runCli(['new-xpub'], c)).toBe(0);
    const xpub = c.lines
      .find((l) => l.startsWith('xpub'))!
      .split(' ')
      .at(-1)!;
    const listed = c.lines.filter((l) => l.includes("m/44'/195'/0'/0/")).map((l) => l.trim().split(/\s+/)[1]);
    expect(listed).toEqual([0, 1, 2].map((i) => deriveDepositAddress(xpub, i)));
    expect(listed.every(isValidBase58Address)).toBe(true);
  });

  it('talks to the devnet on DEVNET_PORT when TRON_API_URL is unset', async () => {
    const head = t.devnet.produceBlock();
    const c: Captured = { ...io(t.url), env: { DEVNET_PORT: new URL(t.url).port } };
    expect(await runCli(['head'], c)).toBe(0);
    expect(c.lines[0]).toBe(`height    ${head.height}`);
  });

  it('prefers TRON_API_URL to DEVNET_PORT', async () => {
    const c: Captured = { ...io(t.url), env: { TRON_API_URL: t.url, DEVNET_PORT: '9' } };
    expect(await runCli(['head'], c)).toBe(0);
  });

  it('fails with a clear message when TRON_API_URL is unreachable or not a devnet', async () => {
    const unreachable = io('http://127.0.0.1:9');
    expect(await runCli(['head'], unreachable)).toBe(1);
    expect(unreachable.errors[0]).toMatch(/^error: .*getnowblock/);

    const plain = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    try {
      const c = io(`http://127.0.0.1:${(plain.address() as AddressInfo).port}`);
      expect(await runCli(['faucet', t.newWallet().address], c)).toBe(1);
      expect(c.errors[0]).toMatch(/HTTP 404.*is TRON_API_URL a devnet/);
    } finally {
      plain.closeAllConnections();
      await new Promise((r) => plain.close(r));
    }
  });
});

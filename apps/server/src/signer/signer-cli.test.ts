import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { SignerClient } from './signer-client.ts';
import { accountXprvFromMnemonic, loadSignerConfig } from './signer-config.ts';
import { runSignerCli } from './signer-cli.ts';
import { startSignerServer } from './signer-server.ts';
import { HOT, SHARED_KEY, STRANGER, TEST_MNEMONIC, TEST_XPUB, deposit, signerEnv, tempLogPath, trxSweep, usdtSweep } from './test-fixtures.ts';

async function cli(argv: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSignerCli(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

function logLines(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe('npm run signer -- sign-file (offline)', () => {
  it('writes the same signatures as the signer over HTTP, and logs them', async () => {
    const batch = { batchId: 'offline-1', sweeps: [trxSweep('a', 0), usdtSweep('b', 42), trxSweep('c', 2 ** 31 - 1)] };
    const logPath = tempLogPath();
    const running = await startSignerServer(loadSignerConfig(signerEnv(tempLogPath())));
    let online: Awaited<ReturnType<SignerClient['sign']>>;
    try {
      online = await new SignerClient({ url: running.url, sharedKey: SHARED_KEY }).sign(batch);
    } finally {
      await running.close();
    }

    const input = join(dirname(logPath), 'unsigned.json');
    const output = join(dirname(logPath), 'signed.json');
    writeFileSync(input, JSON.stringify(batch));
    // An offline machine needs no channel key.
    const { SIGNER_SHARED_KEY: _, ...env } = signerEnv(logPath);
    const result = await cli(['sign-file', input, output], env);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toEqual(online);
    expect(
      logLines(logPath)
        .filter((l) => l.event === 'signed')
        .map((l) => [l.via, l.sweepId]),
    ).toEqual([
      ['file', 'a'],
      ['file', 'b'],
      ['file', 'c'],
    ]);
  });

  it('refuses a file with a sweep to an address not in its configuration, and writes nothing', async () => {
    const logPath = tempLogPath();
    const input = join(dirname(logPath), 'unsigned.json');
    const output = join(dirname(logPath), 'signed.json');
    writeFileSync(input, JSON.stringify({ batchId: 'offline-2', sweeps: [trxSweep('a', 0), trxSweep('b', 1, STRANGER)] }));
    const result = await cli(['sign-file', input, output], signerEnv(logPath));
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toMatch(/refused, nothing signed: sweep b: destination .* is not an allowed destination/);
    expect(existsSync(output)).toBe(false);
    expect(logLines(logPath)).toEqual([expect.objectContaining({ event: 'refused', via: 'file', batchId: 'offline-2', sweepId: 'b' })]);
  });

  it('never overwrites an existing file', async () => {
    const logPath = tempLogPath();
    const input = join(dirname(logPath), 'unsigned.json');
    writeFileSync(input, JSON.stringify({ batchId: 'x', sweeps: [trxSweep('a', 0, HOT)] }));
    const result = await cli(['sign-file', input, input], signerEnv(logPath));
    expect(result.code).toBe(2);
    expect(result.err[0]).toMatch(/already exists/);
  });
});

describe('npm run signer -- addresses', () => {
  it("prints m/44'/195'/0'/0/i as the API server derives them from its xpub, and as TronWeb does from the mnemonic", async () => {
    const result = await cli(['addresses', '5', '3'], { SIGNER_MNEMONIC: TEST_MNEMONIC });
    expect(result.code).toBe(0);
    expect(result.out).toEqual([5, 6, 7].map((i) => `${i}\t${deposit.address(i)}`));
    expect(result.out[0].split('\t')[1]).toBe(TronWeb.fromMnemonic(TEST_MNEMONIC, "m/44'/195'/0'/0/5").address);
  });

  it('gives the same addresses from SIGNER_XPRV', async () => {
    const xprv = accountXprvFromMnemonic(TEST_MNEMONIC);
    const result = await cli(['addresses', '0', '2'], { SIGNER_XPRV: xprv });
    expect(result.out).toEqual([0, 1].map((i) => `${i}\t${deposit.address(i)}`));
    expect((await cli(['xpub'], { SIGNER_XPRV: xprv })).out).toEqual([TEST_XPUB]);
  });
});

describe('signer configuration', () => {
  it('names every problem at once and never echoes a secret', async () => {
    const result = await cli(['serve'], {
      SIGNER_XPRV: TEST_XPUB,
      SIGNER_ALLOWED_DESTINATIONS: 'Tnotanaddress',
      SIGNER_SHARED_KEY: 'abcd',
      SIGNER_PORT: 'x',
    });
    expect(result.code).toBe(2);
    const text = result.err.join('\n');
    for (const name of ['SIGNER_XPRV', 'SIGNER_ALLOWED_DESTINATIONS', 'SIGNER_USDT_CONTRACT', 'SIGNER_SHARED_KEY', 'SIGNER_PORT']) expect(text).toContain(name);
    expect(text).toContain('extended PUBLIC key');
    expect(text).not.toContain(TEST_XPUB);
    expect(text).not.toMatch(/abcd/);
  });

  it('refuses a mnemonic with a bad checksum, and both key forms at once', () => {
    expect(() => loadSignerConfig(signerEnv(tempLogPath(), { SIGNER_MNEMONIC: TEST_MNEMONIC.replace(/about$/, 'abandon') }))).toThrow(
      /SIGNER_MNEMONIC: not a valid BIP39 mnemonic/,
    );
    expect(() => loadSignerConfig(signerEnv(tempLogPath(), { SIGNER_XPRV: accountXprvFromMnemonic(TEST_MNEMONIC) }))).toThrow(/set only one of them/);
  });

  it('keeps its secrets out of anything that prints the configuration', () => {
    const config = loadSignerConfig(signerEnv(tempLogPath()));
    const shown = `${JSON.stringify(config, (_k, v) => (typeof v === 'bigint' ? String(v) : v))} ${Object.keys(config).join(',')}`;
    expect(config.accountXprv).toMatch(/^xprv/);
    expect(shown).not.toContain(config.accountXprv);
    expect(shown).not.toContain(SHARED_KEY);
    expect(shown).not.toContain('sharedKey');
  });
});

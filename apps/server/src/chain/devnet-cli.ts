// Acting as an outside wallet against a running devnet (or, for read-only commands, any TRON node):
// make a key, get test coins, send TRX/USDT to the lobby's deposit or transfer-bet addresses, look at
// balances. Also runs a standalone devnet. Usage: tsx apps/server/src/chain/devnet-cli.ts help
import { parseArgs } from 'node:util';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';
import { isValidTronAddress, privateKeyToAddress, toBase58Address } from './address.ts';
import { devnetKeysFile, storedDevnetKeys } from './chain-setup.ts';
import { accountKeysFromSeed, deriveDepositAddress, TRON_ACCOUNT_PATH } from './hd.ts';
import { parseJson, stringifyJson } from './json.ts';
import { TronClient } from './tron-client.ts';
import { formatUnits, parseUnits } from './units.ts';
import { isMain } from '../cli/is-main.ts';

/** Without TRON_API_URL the commands talk to the devnet a lobby server starts on DEVNET_PORT, as the server does. */
export const DEFAULT_DEVNET_PORT = '8090';

export const USAGE = `Usage: devnet-cli <command> [options]
  (node URL from TRON_API_URL, else http://127.0.0.1:<DEVNET_PORT>, port ${DEFAULT_DEVNET_PORT} unless set)

  new-wallet                                   print a fresh private key and its address
  faucet <address> [--trx N] [--usdt N]        devnet only: send test coins (default 1000 TRX + 1000 USDT)
  send-trx  --key <hex> --to <addr> --amount N [--wait]
  send-usdt --key <hex> --to <addr> --amount N [--wait]
  balance <address>                            TRX and USDT balances
  hot-wallet                                   the lobby's hot wallet (key from HOT_WALLET_PRIVATE_KEY, else the
                                               development keys in DATA_DIR, default ./data): address, TRX, USDT
  head                                         newest block
  produce [count]                              devnet only: seal pending transactions into new blocks
  new-xpub                                     random operator key: xprv (keep offline) and the xpub of ${TRON_ACCOUNT_PATH}
  serve [--port 8090] [--interval ms] [--manual] [--persist file] [--solidity-depth n] [--resources]
                                               run a devnet in this process (--resources: bandwidth, energy,
                                               staking and account fees as on mainnet)

Amounts are decimal TRX / USDT with at most 6 decimals (1.5 = 1500000 sun).`;

export interface CliIo {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
}

class UsageError extends Error {}

function amountOption(value: string | undefined, name: string): bigint | undefined {
  if (value === undefined) return undefined;
  try {
    const micro = parseUnits(value);
    if (micro === 0n) throw new RangeError('must be greater than zero');
    return micro;
  } catch (e) {
    throw new UsageError(`--${name}: ${(e as Error).message}`);
  }
}

function addressArg(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is required`);
  if (!isValidTronAddress(value)) throw new UsageError(`${what} is not a TRON address: ${value}`);
  return toBase58Address(value);
}

/** The hot wallet the lobby server signs with, found the way the server finds its key. */
function hotWalletAddress(env: CliIo['env']): string {
  if (env.HOT_WALLET_PRIVATE_KEY) {
    if (!/^[0-9a-fA-F]{64}$/.test(env.HOT_WALLET_PRIVATE_KEY)) throw new UsageError('HOT_WALLET_PRIVATE_KEY must be 64 hex characters');
    return privateKeyToAddress(env.HOT_WALLET_PRIVATE_KEY);
  }
  const dataDir = env.DATA_DIR || './data';
  if (dataDir === 'memory') throw new Error('with DATA_DIR=memory the server keeps its development keys in memory; set HOT_WALLET_PRIVATE_KEY');
  const keys = storedDevnetKeys(dataDir);
  if (!keys) throw new Error(`no development keys in ${devnetKeysFile(dataDir)}: start the server once without TRON_API_URL, or set HOT_WALLET_PRIVATE_KEY`);
  return privateKeyToAddress(keys.hotWalletPrivateKey);
}

async function devnetCall(apiUrl: string, action: string, body: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${apiUrl.replace(/\/+$/, '')}/devnet/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: stringifyJson(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  const parsed = (() => {
    try {
      return parseJson(text) as Record<string, unknown>;
    } catch {
      return { Error: text.slice(0, 200) };
    }
  })();
  if (!res.ok || typeof parsed.Error === 'string') {
    const hint = res.status === 404 ? ' (is TRON_API_URL a devnet?)' : '';
    throw new Error(`devnet ${action} failed: HTTP ${res.status} ${String(parsed.Error ?? parsed.error ?? '')}${hint}`);
  }
  return parsed;
}

async function waitForInclusion(client: TronClient, txId: string, io: CliIo, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await client.getTransactionInfo(txId);
    if (info) {
      io.out(`included in block ${info.blockNumber}: ${info.result}${info.message ? ` (${info.message})` : ''}`);
      return info.success ? 0 : 1;
    }
    if (Date.now() > deadline) {
      io.err('not included yet (a manual-mode devnet needs `produce`)');
      return 1;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs one CLI command; returns the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  const apiUrl = io.env.TRON_API_URL || `http://127.0.0.1:${io.env.DEVNET_PORT || DEFAULT_DEVNET_PORT}`;
  const client = () => new TronClient({ apiUrl, apiKey: io.env.TRON_API_KEY });
  try {
    switch (command) {
      case 'new-wallet': {
        parseArgs({ args: rest, options: {}, allowPositionals: false });
        const key = bytesToHex(secp256k1.utils.randomSecretKey());
        io.out(`address:     ${privateKeyToAddress(key)}`);
        io.out(`private key: ${key}`);
        return 0;
      }
      case 'faucet': {
        const { values, positionals } = parseArgs({
          args: rest,
          options: { trx: { type: 'string' }, usdt: { type: 'string' } },
          allowPositionals: true,
        });
        const address = addressArg(positionals[0], 'address');
        const trx = amountOption(values.trx, 'trx');
        const usdt = amountOption(values.usdt, 'usdt');
        const body = { address, ...(trx !== undefined ? { trx: trx.toString() } : {}), ...(usdt !== undefined ? { usdt: usdt.toString() } : {}) };
        const res = await devnetCall(apiUrl, 'faucet', body);
        if (res.trxTxId) io.out(`TRX  tx ${String(res.trxTxId)}`);
        if (res.usdtTxId) io.out(`USDT tx ${String(res.usdtTxId)}`);
        return 0;
      }
      case 'send-trx':
      case 'send-usdt': {
        const { values } = parseArgs({
          args: rest,
          options: { key: { type: 'string' }, to: { type: 'string' }, amount: { type: 'string' }, wait: { type: 'boolean' } },
          allowPositionals: false,
        });
        if (!values.key) throw new UsageError('--key is required');
        const to = addressArg(values.to, '--to');
        const amount = amountOption(values.amount, 'amount');
        if (amount === undefined) throw new UsageError('--amount is required');
        const c = client();
        const { txId } = command === 'send-trx' ? await c.sendTrx(values.key, to, amount) : await c.sendUsdt(values.key, to, amount);
        io.out(`sent ${formatUnits(amount)} ${command === 'send-trx' ? 'TRX' : 'USDT'} from ${privateKeyToAddress(values.key)} to ${to}`);
        io.out(`tx ${txId}`);
        return values.wait ? waitForInclusion(c, txId, io) : 0;
      }
      case 'balance': {
        const { positionals } = parseArgs({ args: rest, options: {}, allowPositionals: true });
        const address = addressArg(positionals[0], 'address');
        const c = client();
        const [trx, usdt] = await Promise.all([c.getTrxBalance(address), c.getUsdtBalance(address)]);
        io.out(`${address}`);
        io.out(`TRX  ${formatUnits(trx)}`);
        io.out(`USDT ${formatUnits(usdt)}`);
        return 0;
      }
      case 'hot-wallet': {
        parseArgs({ args: rest, options: {}, allowPositionals: false });
        const address = hotWalletAddress(io.env);
        const c = client();
        const [trx, usdt] = await Promise.all([c.getTrxBalance(address), c.getUsdtBalance(address)]);
        io.out(`hot wallet ${address}`);
        io.out(`TRX  ${formatUnits(trx)}`);
        io.out(`USDT ${formatUnits(usdt)}`);
        return 0;
      }
      case 'head': {
        parseArgs({ args: rest, options: {}, allowPositionals: false });
        const b = await client().getNowBlock();
        io.out(`height    ${b.height}`);
        io.out(`id        ${b.id}`);
        io.out(`time      ${new Date(b.timestamp).toISOString()}`);
        io.out(`txs       ${b.txIds.length}`);
        return 0;
      }
      case 'produce': {
        const { positionals } = parseArgs({ args: rest, options: {}, allowPositionals: true });
        const count = positionals[0] === undefined ? 1 : Number(positionals[0]);
        if (!Number.isSafeInteger(count) || count < 1) throw new UsageError('count must be a positive integer');
        const res = await devnetCall(apiUrl, 'produce', { count });
        const head = res.head as { height: number; id: string };
        io.out(`head ${head.height} ${head.id}`);
        return 0;
      }
      case 'new-xpub': {
        parseArgs({ args: rest, options: {}, allowPositionals: false });
        const { xpub, xprv } = accountKeysFromSeed(randomBytes(64));
        io.out(`xprv (keep offline): ${xprv}`);
        io.out(`xpub (server config): ${xpub}`);
        for (let i = 0; i < 3; i++) io.out(`  ${TRON_ACCOUNT_PATH}/0/${i}  ${deriveDepositAddress(xpub, i)}`);
        return 0;
      }
      case 'serve': {
        const { values } = parseArgs({
          args: rest,
          options: {
            port: { type: 'string' },
            interval: { type: 'string' },
            manual: { type: 'boolean' },
            persist: { type: 'string' },
            'solidity-depth': { type: 'string' },
            resources: { type: 'boolean' },
          },
          allowPositionals: false,
        });
        const port = Number(values.port ?? 8090);
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be 0..65535');
        const interval = values.interval === undefined ? undefined : Number(values.interval);
        if (interval !== undefined && !(interval >= 1)) throw new UsageError('--interval must be a positive number of ms');
        const depth = values['solidity-depth'] === undefined ? undefined : Number(values['solidity-depth']);
        if (depth !== undefined && !(Number.isInteger(depth) && depth >= 0)) throw new UsageError('--solidity-depth must be a non-negative integer');
        const { createDevnet } = await import('./devnet/index.ts');
        const devnet = createDevnet({
          blockIntervalMs: interval,
          manual: values.manual,
          persistPath: values.persist,
          solidityDepth: depth,
          resources: values.resources,
        });
        const url = await devnet.start(port);
        const mode = `${values.manual ? ', manual blocks' : ''}${values.resources ? ', resource model on' : ''}`;
        io.out(`devnet listening on ${url} (head ${devnet.head().height}${mode})`);
        io.out(`faucet account ${devnet.faucetAddress}, USDT contract ${devnet.usdtContract}`);
        await new Promise<void>((resolve) => {
          const stop = () => {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
            resolve();
          };
          process.on('SIGINT', stop);
          process.on('SIGTERM', stop);
        });
        await devnet.stop();
        return 0;
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command: ${command}`);
    }
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`error: ${(e as Error).message}`);
      io.err(USAGE);
      return 2;
    }
    io.err(`error: ${(e as Error).message}`);
    return 1;
  }
}

if (isMain(import.meta.url)) {
  const code = await runCli(process.argv.slice(2), {
    env: process.env,
    out: (l) => process.stdout.write(`${l}\n`),
    err: (l) => process.stderr.write(`${l}\n`),
  });
  process.exitCode = code;
}

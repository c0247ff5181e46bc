// The signer process: npm run signer -- <command>. Configuration from the environment only
// (see README.md in this folder); no value of a secret is ever printed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { HDKey } from '@scure/bip32';
import { MAX_DEPOSIT_INDEX, TRON_ACCOUNT_PATH, createDepositDeriver } from '../chain/hd.ts';
import { type SignerConfig, SignerConfigError, loadSignerAccountKey, loadSignerConfig } from './signer-config.ts';
import { SignerLog } from './signer-log.ts';
import { startSignerServer } from './signer-server.ts';
import { SweepRefusedError, createSweepSigner, signBatchLogged } from './sweep-signer.ts';
import { isMain } from '../cli/is-main.ts';

export const USAGE = `Usage: npm run signer -- <command>

  serve                               sign sweeps over HTTP (SIGNER_HOST:SIGNER_PORT, signed requests)
  sign-file <unsigned.json> <signed.json>
                                      offline: check and sign a batch file, write the signatures
  addresses <from> <count>            print the deposit addresses ${TRON_ACCOUNT_PATH}/0/i, i = from..from+count-1
  xpub                                print the account xpub (the API server's DEPOSIT_XPUB)

Configuration (environment): SIGNER_XPRV or SIGNER_MNEMONIC [+ SIGNER_MNEMONIC_PASSPHRASE],
SIGNER_ALLOWED_DESTINATIONS, SIGNER_USDT_CONTRACT, SIGNER_SHARED_KEY (serve), SIGNER_HOST, SIGNER_PORT,
SIGNER_MAX_FEE_LIMIT_SUN, SIGNER_MAX_EXPIRATION_HOURS, SIGNER_LOG.`;

export interface CliIo {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
  /** Resolves when the process is asked to stop (serve); default SIGINT/SIGTERM. */
  untilStopped?: () => Promise<void>;
}

class UsageError extends Error {}

/** Offline signing needs no channel key: a placeholder stands in when SIGNER_SHARED_KEY is unset (nothing listens). */
function configFor(command: string, env: CliIo['env']): SignerConfig {
  if (command === 'serve' || env.SIGNER_SHARED_KEY) return loadSignerConfig(env);
  return loadSignerConfig({ ...env, SIGNER_SHARED_KEY: '00'.repeat(32) });
}

function accountXpub(env: CliIo['env']): string {
  return HDKey.fromExtendedKey(loadSignerAccountKey(env)).publicExtendedKey;
}

function waitForSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export async function runSignerCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'serve': {
        if (args.length) throw new UsageError('serve takes no arguments (configure it with SIGNER_* variables)');
        const config = configFor(command, io.env);
        const running = await startSignerServer(config);
        io.out(`signer listening on ${running.url}, log ${config.logPath}`);
        io.out(`account xpub ${running.signer.accountXpub}`);
        io.out(`signs sweeps to ${config.allowedDestinations.join(', ')} (USDT contract ${config.usdtContract})`);
        await (io.untilStopped ?? waitForSignal)();
        await running.close();
        return 0;
      }
      case 'sign-file': {
        const [input, output] = args;
        if (!input || !output || args.length !== 2) throw new UsageError('sign-file needs <unsigned.json> <signed.json>');
        if (existsSync(output)) throw new UsageError(`${output} already exists; the signer does not overwrite files`);
        const config = configFor(command, io.env);
        const signer = createSweepSigner(config);
        let body: unknown;
        try {
          body = JSON.parse(readFileSync(input, 'utf8'));
        } catch (e) {
          throw new UsageError(`cannot read ${input} as JSON: ${(e as Error).message}`);
        }
        const log = new SignerLog(config.logPath);
        try {
          const signed = signBatchLogged(signer, log, body, { via: 'file', file: input });
          writeFileSync(output, `${JSON.stringify(signed, null, 2)}\n`, { flag: 'wx' });
          io.out(`signed ${signed.signatures.length} sweep(s) of batch ${signed.batchId} into ${output}`);
          return 0;
        } finally {
          log.close();
        }
      }
      case 'addresses': {
        const [fromText, countText] = args;
        if (!/^\d+$/.test(fromText ?? '') || !/^\d+$/.test(countText ?? '') || args.length !== 2) throw new UsageError('addresses needs <from> <count>');
        const from = Number(fromText);
        const count = Number(countText);
        if (count < 1 || count > 10_000 || from + count - 1 > MAX_DEPOSIT_INDEX)
          throw new UsageError(`count must be 1..10000 and indexes at most ${MAX_DEPOSIT_INDEX}`);
        // The same derivation from the xpub the API server uses, so a match here is a match there.
        const deriver = createDepositDeriver(accountXpub(io.env));
        for (let i = from; i < from + count; i++) io.out(`${i}\t${deriver.address(i)}`);
        return 0;
      }
      case 'xpub': {
        io.out(accountXpub(io.env));
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
    if (e instanceof UsageError) {
      io.err(`error: ${e.message}`);
      io.err(USAGE);
      return 2;
    }
    if (e instanceof SignerConfigError) {
      io.err(e.message);
      return 2;
    }
    if (e instanceof SweepRefusedError) {
      io.err(`refused, nothing signed: ${e.message}`);
      return 1;
    }
    io.err(`error: ${(e as Error).message}`);
    return 1;
  }
}

if (isMain(import.meta.url)) {
  process.exitCode = await runSignerCli(process.argv.slice(2), {
    env: process.env,
    out: (l) => process.stdout.write(`${l}\n`),
    err: (l) => process.stderr.write(`${l}\n`),
  });
}

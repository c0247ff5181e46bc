import { readJsonFile, writeJsonFile } from './files.ts';
import type { WalletClient, WalletReply } from './wallet-client.ts';

interface PendingCall {
  path: string;
  fields: Record<string, unknown>;
  attempts: number;
  nextAt: number;
}

/**
 * Wallet calls that must eventually be answered (a rollback of a bet whose outcome is unknown, a
 * win the wallet did not answer): retried with the same transaction_uuid, with growing pauses up
 * to 30 s, until the wallet answers. Kept in a file when a data directory is given, so a restart
 * resumes them.
 */
export class WalletOutbox {
  private pending: PendingCall[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private closed = false;

  constructor(
    private readonly wallet: WalletClient,
    private readonly file: string | undefined,
    private readonly log: (msg: string, extra?: object) => void,
    private readonly onAnswered: (path: string, fields: Record<string, unknown>, reply: WalletReply) => void = () => {},
  ) {
    this.pending = (readJsonFile<PendingCall[]>(file, log) ?? []).map((p) => ({ ...p, nextAt: 0 }));
    this.schedule(0);
  }

  get size(): number {
    return this.pending.length;
  }

  add(path: string, fields: Record<string, unknown>): void {
    this.pending.push({ path, fields, attempts: 0, nextAt: Date.now() + 1000 });
    this.save();
    this.schedule(1000);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  private schedule(ms: number): void {
    if (this.closed || this.pending.length === 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.running || this.closed) return;
    this.running = true;
    try {
      const now = Date.now();
      for (const call of [...this.pending]) {
        if (this.closed) break;
        if (call.nextAt > now) continue;
        const outcome = await this.wallet.once(call.path, call.fields);
        if (outcome.answered) {
          this.pending = this.pending.filter((p) => p !== call);
          this.log('demo aggregator: pending wallet call answered', {
            path: call.path,
            transaction_uuid: call.fields.transaction_uuid,
            status: outcome.reply.status,
          });
          this.onAnswered(call.path, call.fields, outcome.reply);
        } else {
          call.attempts += 1;
          call.nextAt = Date.now() + Math.min(30_000, 1000 * 2 ** call.attempts);
        }
      }
      this.save();
    } finally {
      this.running = false;
    }
    const next = Math.min(...this.pending.map((p) => p.nextAt));
    if (Number.isFinite(next)) this.schedule(Math.max(50, next - Date.now()));
  }

  private save(): void {
    if (this.file) writeJsonFile(this.file, this.pending);
  }
}

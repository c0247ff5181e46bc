// The signer's two files. The log (SIGNER_LOG) is append-only JSON lines: every signature, every
// refusal, every request turned away at the door, each written and flushed to disk before the answer
// leaves. The nonce file (`<SIGNER_LOG>.nonces`) remembers the nonce of every authenticated request
// for as long as its timestamp is inside the window, so a restarted signer still refuses a replay.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export type SignerLogEntry = Record<string, unknown> & { event: string };

/** Appends one JSON line per entry and flushes it to disk before returning. */
export class SignerLog {
  private fd: number;

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, 'a', 0o600);
  }

  write(entries: SignerLogEntry | SignerLogEntry[]): void {
    const list = Array.isArray(entries) ? entries : [entries];
    if (list.length === 0) return;
    const at = new Date().toISOString();
    const text = list.map((e) => JSON.stringify({ at, ...e }, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).join('\n');
    writeSync(this.fd, `${text}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}

export class ReplayedNonceError extends Error {}

/**
 * Nonces of accepted requests until they expire. `use` is check-and-record in one synchronous step,
 * written to disk before it returns; the file is rewritten with only the live nonces at start and
 * whenever dead ones outnumber the living.
 */
export class NonceStore {
  private live = new Map<string, number>();
  private fd: number;
  private appended = 0;

  constructor(
    readonly path: string,
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    if (existsSync(path)) {
      const t = this.now();
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const { n, x } = JSON.parse(line) as { n: unknown; x: unknown };
          // A torn last line from a crash is skipped: the request it belonged to got no answer.
          if (typeof n === 'string' && typeof x === 'number' && x > t) this.live.set(n, Math.max(x, this.live.get(n) ?? 0));
        } catch {}
      }
    }
    this.fd = this.rewrite();
  }

  private rewrite(): number {
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, [...this.live].map(([n, x]) => `${JSON.stringify({ n, x })}\n`).join(''), { mode: 0o600 });
    const fd = openSync(tmp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, this.path);
    this.appended = 0;
    return openSync(this.path, 'a', 0o600);
  }

  private prune(): void {
    const t = this.now();
    for (const [n, x] of this.live) if (x <= t) this.live.delete(n);
  }

  /** Records the nonce until expiresAt (ms); throws ReplayedNonceError when it is already recorded and live. */
  use(nonce: string, expiresAt: number): void {
    const known = this.live.get(nonce);
    if (known !== undefined && known > this.now()) throw new ReplayedNonceError('nonce already used');
    this.live.set(nonce, expiresAt);
    writeSync(this.fd, `${JSON.stringify({ n: nonce, x: expiresAt })}\n`);
    fsyncSync(this.fd);
    if (++this.appended > 1000 && this.appended > 2 * this.live.size) {
      this.prune();
      if (this.appended > 2 * this.live.size) {
        closeSync(this.fd);
        this.fd = this.rewrite();
      }
    }
  }

  get size(): number {
    return this.live.size;
  }

  close(): void {
    closeSync(this.fd);
  }
}

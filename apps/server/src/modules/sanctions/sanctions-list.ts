import { readFileSync } from 'node:fs';
import { SANCTION_UPLOAD_MAX_LINES, type SHIPPED_SANCTION_LISTS } from '@lobby/contract';
import { isValidBase58Address, isValidTronAddress, toBase58Address } from '../../chain/address.ts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { SharedCopy } from '../../events/shared-copy.ts';
import { SanctionsRepository } from './sanctions.repo.ts';

export interface AddressLineError {
  line: number;
  text: string;
  reason: string;
}

/**
 * Reads a list of addresses: one TRON base58check address a line; blank lines and lines starting
 * with `#` are skipped, an address repeated counts once. Every other line that is not such an
 * address is an error naming its line (1-based).
 */
export function parseAddressList(text: string, maxLines = SANCTION_UPLOAD_MAX_LINES): { addresses: string[]; errors: AddressLineError[] } {
  const lines = text.split(/\r\n|\r|\n/);
  const seen = new Set<string>();
  const errors: AddressLineError[] = [];
  if (lines.length > maxLines) errors.push({ line: maxLines + 1, text: '', reason: `more than ${maxLines} lines` });
  lines.slice(0, maxLines).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const reason = addressProblem(line);
    if (reason) errors.push({ line: index + 1, text: line.slice(0, 80), reason });
    else seen.add(line);
  });
  return { addresses: [...seen], errors };
}

function addressProblem(line: string): string | null {
  if (isValidBase58Address(line as unknown)) return null;
  if (/\s/.test(line)) return 'one address a line';
  if (!line.startsWith('T')) return 'not a TRON address (a TRON address starts with T)';
  if (line.length !== 34) return `not a TRON address (34 characters, this has ${line.length})`;
  return 'not a TRON address (its checksum does not match)';
}

/** The files shipped in the repository, by list name. */
export const SHIPPED_FILES: Record<(typeof SHIPPED_SANCTION_LISTS)[number], URL> = {
  'ofac-trx': new URL('./data/ofac-trx.txt', import.meta.url),
  'ofac-usdt': new URL('./data/ofac-usdt.txt', import.meta.url),
};

/** A shipped file's addresses; a bad line in a shipped file is a bug of the release, so it stops the start. */
export function readShippedList(file: URL): string[] {
  const { addresses, errors } = parseAddressList(readFileSync(file, 'utf8'), Number.MAX_SAFE_INTEGER);
  if (errors.length > 0) throw new Error(`${file.pathname}: ${errors.map((e) => `line ${e.line}: ${e.reason}`).join('; ')}`);
  return addresses;
}

/**
 * The sanctioned TRON addresses as every instance holds them in memory, so screening an address
 * costs one map lookup. Loaded from `sanctioned_addresses` at start (after the shipped files were
 * written there) and again whenever any instance announces a change on `sanctions.changed`.
 */
export class SanctionsList {
  private byAddress = new Map<string, readonly string[]>();
  private loads = 0;
  private readonly copy: SharedCopy<'sanctions.changed'>;
  readonly repo: SanctionsRepository;

  constructor(
    db: Db,
    bus?: EventBus,
    onReloadError?: (error: unknown) => void,
    private readonly shippedFiles: Record<string, URL> = SHIPPED_FILES,
  ) {
    this.repo = new SanctionsRepository(db);
    this.copy = new SharedCopy('sanctions.changed', () => this.reload(), bus, onReloadError);
  }

  /**
   * Writes the shipped files' addresses to the database, then loads and follows every instance's
   * changes. A release whose files differ tells the instances still running the previous one.
   */
  async start(): Promise<void> {
    let moved = 0;
    for (const [list, file] of Object.entries(this.shippedFiles)) {
      const { added, removed } = await this.repo.syncShipped(list, readShippedList(file));
      moved += added + removed;
    }
    await this.copy.follow();
    if (moved > 0) await this.copy.changed({});
  }

  stop(): void {
    this.copy.stop();
  }

  /** Loads here and tells every other instance to. */
  changed(): Promise<void> {
    return this.copy.changed({});
  }

  /** The lists naming the address (either form); empty when none does. */
  listsOf(address: string): readonly string[] {
    const found = this.byAddress.get(address);
    if (found) return found;
    // The chain's APIs may answer in hex; the lists are base58.
    if (address.length === 42 && isValidTronAddress(address)) return this.byAddress.get(toBase58Address(address)) ?? [];
    return [];
  }

  get size(): number {
    return this.byAddress.size;
  }

  private async reload(): Promise<void> {
    // Reloads can overlap: the one started last read the newest rows, so an older one must not win.
    const load = ++this.loads;
    const rows = await this.repo.all();
    const next = new Map<string, string[]>();
    for (const { list, address } of rows) {
      const lists = next.get(address);
      if (lists) lists.push(list);
      else next.set(address, [list]);
    }
    if (load === this.loads) this.byAddress = next;
  }
}

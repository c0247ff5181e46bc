import { CashoutAccountType, type CallParsedRequest, type CallResponse, type walletCalls } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { isValidBase58Address } from '../../chain/address.ts';
import type { PlayerService } from '../player/player.service.ts';
import { CashoutBookRepository } from './cashout-book.repo.ts';
import type { DepositService } from './deposit.service.ts';
import type { SanctionsCheck, ScreenedRequest } from '../sanctions/sanctions-screen.ts';

export const MAX_CASHOUT_ADDRESSES = 10;
export const MAX_CASHOUT_ACCOUNTS = 10;

type CashoutAddress = CallResponse<typeof walletCalls.cashoutAddressList>[number];
type CashoutAccount = CallResponse<typeof walletCalls.cashoutAccountGet>[number];
type CashoutAccountInput = CallParsedRequest<typeof walletCalls.cashoutAccountAdd>;

const UNIQUE_VIOLATION = '23505';

/** Why a valid address is refused as a withdrawal destination (logged; the player sees 10052). */
export const SITE_ADDRESS = 'an address of this site (a deposit, transfer-bet or hot-wallet address) cannot receive withdrawals';

/**
 * Account security as the address book meets it (the account-security module): a code to add an
 * address, the wait before a new one may be used, and the mail telling the player one was added.
 */
export interface AddressSecurity {
  require(playerId: number, code: string | undefined): Promise<void>;
  usableAt(createdAt: Date): Promise<Date>;
  refuseWaitingAddress(createdAt: Date): Promise<void>;
  addressAdded(playerId: number, address: string, createdAt: Date): Promise<void>;
}

/** A player's saved withdrawal addresses and cashout accounts. */
/** The label of an address typed at a withdrawal and saved by it (the player may rename or delete it). */
const TYPED_ADDRESS_LABEL = 'Typed at withdrawal';

export class CashoutBookService {
  /** Without the account-security module an address is usable at once and nothing is asked. */
  security: AddressSecurity | undefined;

  constructor(
    private readonly db: Db,
    private readonly deposits: Pick<DepositService, 'isInternalAddress'>,
    private readonly players: Pick<PlayerService, 'lock'>,
    private readonly sanctions?: Pick<SanctionsCheck, 'refuseListed'>,
  ) {}

  private get book() {
    return new CashoutBookRepository(this.db);
  }

  async listAddresses(playerId: number): Promise<CashoutAddress[]> {
    return Promise.all((await this.book.listAddresses(playerId)).map((row) => this.toAddress(row)));
  }

  async findAddress(playerId: number, id: number) {
    return this.book.findAddress(playerId, id);
  }

  async addAddress(playerId: number, address: string, label: string, twoFactorCode?: string): Promise<CashoutAddress> {
    await this.checkDestination(address, { kind: 'withdrawal_address', playerId });
    await this.security?.require(playerId, twoFactorCode);
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        // The player's row lock makes the count and the insert one step for this player.
        await this.players.lock(trx, playerId);
        const book = new CashoutBookRepository(trx);
        const existing = await book.listAddresses(playerId);
        if (existing.some((r) => r.address === address)) throw fail('CASHOUT_ADDRESS_EXISTS');
        if (existing.length >= MAX_CASHOUT_ADDRESSES) throw fail('TOO_MANY_CASHOUT_ADDRESSES');
        return book.insertAddress(playerId, address, label);
      });
      await this.security?.addressAdded(playerId, row.address, row.created_at);
      return this.toAddress(row);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw fail('CASHOUT_ADDRESS_EXISTS');
      throw error;
    }
  }

  /**
   * A TRON address a withdrawal may be sent to: a valid one, and none of this site's own (paid
   * there, the money would reach another player's balance or no one's), and none on a sanctions list
   * (10064, recorded for staff as `request`). Withdrawal submit checks again, for addresses saved
   * before a rule or a list.
   */
  async checkDestination(address: string, request: ScreenedRequest): Promise<void> {
    if (!isValidBase58Address(address)) throw fail('INVALID_TRON_ADDRESS', 'checksum does not match');
    if (await this.deposits.isInternalAddress(address)) throw fail('INVALID_TRON_ADDRESS', SITE_ADDRESS);
    await this.sanctions?.refuseListed(address, request);
  }

  /**
   * 10066 while an address is new to the player (PROTECTION.md "Account security"): a saved one until
   * its wait after it was added is over; a typed one never saved nor paid to before is saved now,
   * with its mail, and waits the same, so a stolen session cannot empty the wallet to a fresh address.
   */
  async refuseWaiting(playerId: number, address: string): Promise<void> {
    if (!this.security) return;
    const saved = (await this.book.listAddresses(playerId)).find((r) => r.address === address);
    if (saved) return this.security.refuseWaitingAddress(saved.created_at);
    if (await this.book.paidBefore(playerId, address)) return;
    const added = await this.db.transaction().execute(async (trx) => {
      await this.players.lock(trx, playerId);
      const book = new CashoutBookRepository(trx);
      const existing = await book.listAddresses(playerId);
      const again = existing.find((r) => r.address === address);
      if (again) return { row: again, fresh: false };
      if (existing.length >= MAX_CASHOUT_ADDRESSES) return null;
      return { row: await book.insertAddress(playerId, address, TYPED_ADDRESS_LABEL), fresh: true };
    });
    const createdAt = added?.row.created_at ?? new Date();
    try {
      await this.security.refuseWaitingAddress(createdAt);
    } finally {
      if (added?.fresh) await this.security.addressAdded(playerId, address, createdAt);
    }
  }

  private async toAddress(row: { id: number; address: string; label: string; created_at: Date }): Promise<CashoutAddress> {
    const usableAt = this.security ? await this.security.usableAt(row.created_at) : row.created_at;
    return { id: row.id, address: row.address, label: row.label, createdAt: row.created_at.toISOString(), usableAt: usableAt.toISOString() };
  }

  async deleteAddress(playerId: number, id: number): Promise<void> {
    if (!(await this.book.deleteAddress(playerId, id))) throw fail('INVALID_PARAMETERS', 'id: no such address');
  }

  async listAccounts(playerId: number, accountType?: number): Promise<CashoutAccount[]> {
    return (await this.book.listAccounts(playerId, accountType)).map(toAccount);
  }

  async addAccount(playerId: number, input: CashoutAccountInput): Promise<CashoutAccount> {
    const { accountType, label, ...details } = input as CashoutAccountInput & { label?: string };
    if (input.accountType === CashoutAccountType.BLOCKCHAIN) await this.checkDestination(input.address, { kind: 'withdrawal_address', playerId });
    const row = await this.db.transaction().execute(async (trx) => {
      await this.players.lock(trx, playerId);
      const book = new CashoutBookRepository(trx);
      const existing = await book.listAccounts(playerId);
      if (existing.length >= MAX_CASHOUT_ACCOUNTS) throw fail('TOO_MANY_CASHOUT_ACCOUNTS');
      if (
        input.accountType === CashoutAccountType.BLOCKCHAIN &&
        existing.some((r) => r.account_type === CashoutAccountType.BLOCKCHAIN && r.details.address === input.address && r.details.currency === input.currency)
      ) {
        throw fail('CASHOUT_ADDRESS_EXISTS');
      }
      return book.insertAccount({
        playerId,
        accountType,
        label: label ?? null,
        details,
        // The first account is the default, so a withdrawal form always has one to preselect.
        isDefault: !existing.some((r) => r.is_default),
      });
    });
    return toAccount(row);
  }

  async updateAccount(playerId: number, input: { id: number; deleted?: boolean; isDefault?: true; label?: string }): Promise<CashoutAccount[]> {
    await this.db.transaction().execute(async (trx) => {
      await this.players.lock(trx, playerId);
      const book = new CashoutBookRepository(trx);
      const row = await book.findAccount(playerId, input.id);
      if (!row) throw fail('INVALID_PARAMETERS', 'id: no such account');
      if (input.deleted) {
        await book.deleteAccount(row.id);
        if (row.is_default) {
          const next = await book.newestAccount(playerId);
          if (next) await book.makeDefault(playerId, next.id);
        }
        return;
      }
      if (input.isDefault && !row.is_default) await book.makeDefault(playerId, row.id);
      if (input.label !== undefined) await book.setLabel(row.id, input.label);
    });
    return this.listAccounts(playerId);
  }
}

type AccountRow = { id: number; account_type: number; label: string | null; details: Record<string, string>; is_default: boolean; created_at: Date };

function toAccount(row: AccountRow): CashoutAccount {
  const d = row.details;
  return {
    id: row.id,
    accountType: row.account_type as CashoutAccount['accountType'],
    label: row.label,
    maskedAccount: maskAccount(row.account_type, d),
    currency: row.account_type === CashoutAccountType.BLOCKCHAIN ? (d.currency as CashoutAccount['currency']) : null,
    currencyCode: d.currencyCode ?? null,
    bankName: d.bankName ?? null,
    provider: d.provider ?? null,
    pixKeyType: (d.pixKeyType as CashoutAccount['pixKeyType']) ?? null,
    holderName: d.holderName ?? null,
    isDefault: row.is_default,
    createdAt: row.created_at.toISOString(),
  };
}

/** What a list may show of an account: enough to recognise it, not enough to reuse it. */
export function maskAccount(accountType: number, d: Record<string, string>): string {
  switch (accountType) {
    case CashoutAccountType.BLOCKCHAIN:
      return `${d.address.slice(0, 4)}…${d.address.slice(-4)}`;
    case CashoutAccountType.CURRENCY:
      return `****${d.accountNumber.replace(/[\s-]/g, '').slice(-4)}`;
    case CashoutAccountType.PIX:
      switch (d.pixKeyType) {
        case 'cpf':
          return maskCpf(d.pixKey);
        case 'email':
          return maskEmail(d.pixKey);
        case 'phone':
          return maskPhone(d.pixKey);
        default:
          return `${d.pixKey.slice(0, 4)}…${d.pixKey.slice(-4)}`;
      }
    default:
      return d.email ? maskEmail(d.email) : maskPhone(d.phone ?? '');
  }
}

function maskCpf(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

function maskEmail(email: string): string {
  const [name, domain] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}` : '****';
}

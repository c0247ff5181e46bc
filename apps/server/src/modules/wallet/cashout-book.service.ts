import { CashoutAccountType, type CallParsedRequest, type CallResponse, type walletCalls } from '@lobby/contract';
import type { Db } from '../../db/database.ts';
import { fail } from '../../http/app-error.ts';
import { isValidBase58Address } from '../../chain/address.ts';
import { PlayerRepository } from '../player/player.repo.ts';
import type { DepositService } from './deposit.service.ts';

export const MAX_CASHOUT_ADDRESSES = 10;
export const MAX_CASHOUT_ACCOUNTS = 10;

type CashoutAddress = CallResponse<typeof walletCalls.cashoutAddressList>[number];
type CashoutAccount = CallResponse<typeof walletCalls.cashoutAccountGet>[number];
type CashoutAccountInput = CallParsedRequest<typeof walletCalls.cashoutAccountAdd>;

const UNIQUE_VIOLATION = '23505';

/** Why a valid address is refused as a withdrawal destination (logged; the player sees 10052). */
export const SITE_ADDRESS = 'an address of this site (a deposit, transfer-bet or hot-wallet address) cannot receive withdrawals';

/** A player's saved withdrawal addresses and cashout accounts. */
export class CashoutBookService {
  constructor(
    private readonly db: Db,
    private readonly deposits: Pick<DepositService, 'isInternalAddress'>,
  ) {}

  async listAddresses(playerId: number): Promise<CashoutAddress[]> {
    const rows = await this.db
      .selectFrom('cashout_addresses')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toAddress);
  }

  async findAddress(playerId: number, id: number) {
    return this.db.selectFrom('cashout_addresses').selectAll().where('player_id', '=', playerId).where('id', '=', id).executeTakeFirst();
  }

  async addAddress(playerId: number, address: string, label: string): Promise<CashoutAddress> {
    await this.checkDestination(address);
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        // The player's row lock makes the count and the insert one step for this player.
        await new PlayerRepository(trx).lockById(playerId);
        const existing = await trx.selectFrom('cashout_addresses').select(['address']).where('player_id', '=', playerId).execute();
        if (existing.some((r) => r.address === address)) throw fail('CASHOUT_ADDRESS_EXISTS');
        if (existing.length >= MAX_CASHOUT_ADDRESSES) throw fail('TOO_MANY_CASHOUT_ADDRESSES');
        return trx.insertInto('cashout_addresses').values({ player_id: playerId, address, label }).returningAll().executeTakeFirstOrThrow();
      });
      return toAddress(row);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw fail('CASHOUT_ADDRESS_EXISTS');
      throw error;
    }
  }

  /**
   * A TRON address a withdrawal may be sent to: a valid one, and none of this site's own (paid
   * there, the money would reach another player's balance or no one's). Withdrawal submit checks
   * again, for addresses saved before this rule.
   */
  async checkDestination(address: string): Promise<void> {
    if (!isValidBase58Address(address)) throw fail('INVALID_TRON_ADDRESS', 'checksum does not match');
    if (await this.deposits.isInternalAddress(address)) throw fail('INVALID_TRON_ADDRESS', SITE_ADDRESS);
  }

  async deleteAddress(playerId: number, id: number): Promise<void> {
    const result = await this.db.deleteFrom('cashout_addresses').where('player_id', '=', playerId).where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw fail('INVALID_PARAMETERS', 'id: no such address');
  }

  async listAccounts(playerId: number, accountType?: number): Promise<CashoutAccount[]> {
    let query = this.db.selectFrom('cashout_accounts').selectAll().where('player_id', '=', playerId);
    if (accountType !== undefined) query = query.where('account_type', '=', accountType);
    const rows = await query.orderBy('is_default', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toAccount);
  }

  async addAccount(playerId: number, input: CashoutAccountInput): Promise<CashoutAccount> {
    const { accountType, label, ...details } = input as CashoutAccountInput & { label?: string };
    if (input.accountType === CashoutAccountType.BLOCKCHAIN) await this.checkDestination(input.address);
    const row = await this.db.transaction().execute(async (trx) => {
      await new PlayerRepository(trx).lockById(playerId);
      const existing = await trx.selectFrom('cashout_accounts').select(['account_type', 'details', 'is_default']).where('player_id', '=', playerId).execute();
      if (existing.length >= MAX_CASHOUT_ACCOUNTS) throw fail('TOO_MANY_CASHOUT_ACCOUNTS');
      if (
        input.accountType === CashoutAccountType.BLOCKCHAIN &&
        existing.some((r) => r.account_type === CashoutAccountType.BLOCKCHAIN && r.details.address === input.address && r.details.currency === input.currency)
      ) {
        throw fail('CASHOUT_ADDRESS_EXISTS');
      }
      return trx
        .insertInto('cashout_accounts')
        .values({
          player_id: playerId,
          account_type: accountType,
          label: label ?? null,
          details: JSON.stringify(details),
          // The first account is the default, so a withdrawal form always has one to preselect.
          is_default: !existing.some((r) => r.is_default),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return toAccount(row);
  }

  async updateAccount(playerId: number, input: { id: number; deleted?: boolean; isDefault?: true; label?: string }): Promise<CashoutAccount[]> {
    await this.db.transaction().execute(async (trx) => {
      await new PlayerRepository(trx).lockById(playerId);
      const row = await trx.selectFrom('cashout_accounts').selectAll().where('player_id', '=', playerId).where('id', '=', input.id).executeTakeFirst();
      if (!row) throw fail('INVALID_PARAMETERS', 'id: no such account');
      if (input.deleted) {
        await trx.deleteFrom('cashout_accounts').where('id', '=', row.id).execute();
        if (row.is_default) {
          const next = await trx
            .selectFrom('cashout_accounts')
            .select('id')
            .where('player_id', '=', playerId)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .executeTakeFirst();
          if (next) await trx.updateTable('cashout_accounts').set({ is_default: true }).where('id', '=', next.id).execute();
        }
        return;
      }
      if (input.isDefault && !row.is_default) {
        await trx.updateTable('cashout_accounts').set({ is_default: false }).where('player_id', '=', playerId).where('is_default', '=', true).execute();
        await trx.updateTable('cashout_accounts').set({ is_default: true }).where('id', '=', row.id).execute();
      }
      if (input.label !== undefined) await trx.updateTable('cashout_accounts').set({ label: input.label }).where('id', '=', row.id).execute();
    });
    return this.listAccounts(playerId);
  }
}

function toAddress(row: { id: number; address: string; label: string; created_at: Date }): CashoutAddress {
  return { id: row.id, address: row.address, label: row.label, createdAt: row.created_at.toISOString() };
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

import { z } from 'zod';
import { BetAddressStatus, CashoutAccountType } from '../enums.ts';
import { ErrorCode } from '../errors.ts';
import { moneyString, positiveMoneyAmount } from '../money.ts';
import { body, defineCall, emptyBody, emptyReply, requestId } from './define.ts';
import { catalogueCheck, checkDateRange, currency, dateRangeFields, entityId as id, isoTime, pageFields, paged, secretInput, tronAddress } from './common.ts';
import { EMAIL_PATTERN, accountOrEmail, balances } from './player.ts';
import { twoFactorCode } from './security.ts';

// SPEC section 3 says of the cashout address and account lists "fields not shown", and of most
// bank calls names only the path. Fields marked "our design" fill those gaps; the calls marked
// "designed" (exchange submit, transfer, deposit address, records) are not in the spec at all but
// back the /trade screens it describes.

// ---------------------------------------------------------------- formats

/** Six digits: a PIN the player types on a phone keypad for every withdrawal and transfer (our choice). */
export const fundPassword = z.string().regex(/^\d{6}$/, 'six digits');

/** E.164, as PIX and e-wallets store phone numbers. */
export const PHONE_PATTERN = /^\+[1-9]\d{7,14}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Brazilian CPF: 11 digits (punctuation allowed) whose last two are check digits. */
export function isValidCpf(value: string): boolean {
  if (!/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').split('').map(Number);
  // Repeated digits pass the checksum but are never issued.
  if (digits.every((d) => d === digits[0])) return false;
  const check = (length: number) => {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    return ((sum * 10) % 11) % 10;
  };
  return check(9) === digits[9] && check(10) === digits[10];
}

export const PIX_KEY_TYPES = ['cpf', 'email', 'phone', 'random'] as const;

/** Which catalogue code a bad PIX key gets: the key's own format error, or the generic PIX one. */
export function pixKeyError(type: (typeof PIX_KEY_TYPES)[number], key: string) {
  switch (type) {
    case 'cpf':
      return isValidCpf(key) ? undefined : ErrorCode.CPF_FORMAT_INVALID;
    case 'email':
      return EMAIL_PATTERN.test(key) ? undefined : ErrorCode.ACCOUNT_EMAIL_FORMAT_INVALID;
    case 'phone':
      return PHONE_PATTERN.test(key) ? undefined : ErrorCode.PHONE_FORMAT_INVALID;
    case 'random':
      return UUID_PATTERN.test(key) ? undefined : ErrorCode.PIX_FORMAT_INVALID;
  }
}

const cpf = z
  .string()
  .trim()
  .refine(...catalogueCheck(isValidCpf, ErrorCode.CPF_FORMAT_INVALID, 'not a valid CPF'));
const accountEmail = z
  .string()
  .trim()
  .max(254)
  .refine(...catalogueCheck((v: string) => EMAIL_PATTERN.test(v), ErrorCode.ACCOUNT_EMAIL_FORMAT_INVALID, 'not a valid email'));
const phone = z
  .string()
  .trim()
  .refine(...catalogueCheck((v: string) => PHONE_PATTERN.test(v), ErrorCode.PHONE_FORMAT_INVALID, 'phone in international format, e.g. +5511912345678'));

const label = z.string().trim().min(1).max(32);
const holderName = z.string().trim().min(2).max(64);

// ---------------------------------------------------------------- balances

export const walletDisplayEntry = z
  .object({
    wallet: z.string().describe("Our design: 'main' for the lobby wallet, else the game aggregator holding the funds"),
    name: z.string().describe('Our design: display name'),
    trxBalance: moneyString,
    usdtBalance: moneyString,
  })
  .describe('Wallet display entry (SPEC section 3); the client sums the entries for the totals');

// ---------------------------------------------------------------- cashout addresses

export const cashoutAddress = z
  .object({
    id,
    address: z.string(),
    label: z.string(),
    createdAt: isoTime,
    usableAt: isoTime.describe('From when withdrawals may use it: a new address waits (24 hours unless the operator changed it); 10066 before'),
  })
  .describe('Our design (spec: fields not shown): a saved withdrawal address; one TRON address takes TRX and USDT');

// ---------------------------------------------------------------- cashout accounts

const cashoutAccountType = z
  .literal(Object.values(CashoutAccountType))
  .describe('1 blockchain, 2 currency (bank), 3 PIX, 4 e-wallet; 3 and 4 are our design (spec: not shown)');

export const cashoutAccountInput = z
  .discriminatedUnion('accountType', [
    body({
      accountType: z.literal(CashoutAccountType.BLOCKCHAIN),
      currency,
      address: tronAddress,
      label: label.optional(),
    }),
    body({
      accountType: z.literal(CashoutAccountType.CURRENCY),
      currencyCode: z
        .string()
        .regex(/^[A-Z]{3}$/, 'ISO 4217 code')
        .describe('Fiat currency of the account'),
      bankName: z.string().trim().min(2).max(64),
      branch: z.string().trim().max(32).optional(),
      accountNumber: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z -]{4,34}$/, '4 to 34 letters or digits'),
      holderName,
      label: label.optional(),
    }),
    body({
      accountType: z.literal(CashoutAccountType.PIX),
      pixKeyType: z.enum(PIX_KEY_TYPES),
      pixKey: z.string().trim().min(1).max(77).describe('Checked against pixKeyType'),
      holderName,
      cpf: cpf.describe("The holder's CPF, which PIX payouts require whatever the key type"),
      label: label.optional(),
    }),
    body({
      accountType: z.literal(CashoutAccountType.EWALLET),
      provider: z.string().trim().min(2).max(32),
      email: accountEmail.optional(),
      phone: phone.optional(),
      holderName,
      label: label.optional(),
    }),
  ])
  .superRefine((value, ctx) => {
    if (value.accountType === CashoutAccountType.PIX) {
      const code = pixKeyError(value.pixKeyType, value.pixKey);
      if (code !== undefined) {
        ctx.addIssue({ code: 'custom', message: `not a valid ${value.pixKeyType} PIX key`, path: ['pixKey'], params: { code } });
      }
    }
    if (value.accountType === CashoutAccountType.EWALLET && value.email === undefined && value.phone === undefined) {
      ctx.addIssue({ code: 'custom', message: 'an e-wallet needs an email or a phone', path: ['email'] });
    }
  })
  .describe('Our design (spec: not shown): one variant per account type');

export const cashoutAccount = z
  .object({
    id,
    accountType: cashoutAccountType,
    label: z.string().nullable(),
    maskedAccount: z.string().describe('What the list shows, e.g. "TX9f…k2Qa" or "***.456.789-**"'),
    currency: currency.nullable().describe('Blockchain accounts'),
    currencyCode: z.string().nullable().describe('Bank accounts: fiat ISO 4217 code'),
    bankName: z.string().nullable(),
    provider: z.string().nullable().describe('E-wallet provider'),
    pixKeyType: z.enum(PIX_KEY_TYPES).nullable(),
    holderName: z.string().nullable(),
    isDefault: z.boolean(),
    createdAt: isoTime,
  })
  .describe('Our design (spec: fields not shown): a saved cashout account; secrets come back masked');

// ---------------------------------------------------------------- bet addresses

export const activationInstructions = z
  .object({
    toAddress: z.string(),
    amount: moneyString.describe(
      'Least TRX amount to send from the address being bound to toAddress (your deposit address); it is credited to you as a deposit',
    ),
    currency,
    expiresAt: isoTime,
  })
  .describe('Our design: send this from the address being bound, before expiresAt, to prove it is yours');

export const betAddress = z
  .object({
    id,
    address: z.string(),
    status: z.literal(Object.values(BetAddressStatus)).describe('1 in use (SPEC); 0 waiting for the activation transfer and 2 unbound are our design'),
    activation: activationInstructions.nullable().describe('While status is 0'),
    createdAt: isoTime,
    activatedAt: isoTime.nullable(),
  })
  .describe("A wallet address bound for transfer bets; transfers from it count as the player's bets. A new one may be added only while none is in use");

// ---------------------------------------------------------------- trade records

export const TRADE_TYPES = ['deposit', 'withdraw', 'exchange', 'transfer'] as const;
export const TRADE_STATUSES = ['pending', 'processing', 'completed', 'failed', 'rejected'] as const;
export const WITHDRAWAL_WAITING_REASONS = ['hot_wallet_funds'] as const;

export const depositConfirmations = z
  .object({
    seen: z.number().int().min(0).describe("Blocks so far: the transfer's block and each one after it"),
    needed: z.number().int().min(1).describe('Blocks before it is credited'),
  })
  .describe("Our design: a deposit's progress towards being credited");

/** Name of the websocket event (channel `player`) that tells a player a deposit on its way gained a confirmation. */
export const DEPOSIT_EVENT = 'deposit';
/**
 * Our design: a transfer to the player's deposit address seen on chain and not yet credited, each
 * time its confirmation count moves. Its credit is announced as a `balance` event, as every credit is.
 */
export const incomingDepositPush = z.object({
  id,
  currency,
  amount: moneyString,
  txId: z.string(),
  confirmations: depositConfirmations,
});
export type IncomingDepositPush = z.infer<typeof incomingDepositPush>;

export const tradeRecord = z
  .object({
    id,
    type: z.enum(TRADE_TYPES),
    status: z.enum(TRADE_STATUSES).describe('pending: awaiting confirmations or review; processing: being sent; failed and rejected withdrawals were refunded'),
    direction: z.enum(['in', 'out']).describe('Whether the amount reached or left the player'),
    currency,
    amount: moneyString.describe('Gross amount, before fee'),
    fee: moneyString,
    toCurrency: currency.nullable().describe('Exchanges: the currency received'),
    toAmount: moneyString.nullable().describe('Exchanges: the amount received'),
    rate: z.string().nullable().describe('Exchanges: units of toCurrency per unit of currency'),
    address: z.string().nullable().describe('Deposits: sending address; withdrawals: destination'),
    txId: z.string().nullable().describe('On-chain transaction, once known'),
    counterparty: z.object({ id, nickname: z.string() }).nullable().describe('Transfers: the other player'),
    remark: z.string().nullable(),
    confirmations: depositConfirmations
      .optional()
      .describe('Deposits waiting for their confirmations (status pending): how many blocks the transfer has, of how many it needs'),
    heldForReview: z
      .literal(true)
      .optional()
      .describe(
        'Deposits (status pending) from an address on a sanctions list: not credited, held until staff review them; credited afterwards, or declined (status rejected)',
      ),
    waitingReason: z
      .enum(WITHDRAWAL_WAITING_REASONS)
      .optional()
      .describe(
        "Withdrawals being sent: why it has not left yet. hot_wallet_funds: the site's payout wallet is being topped up; it leaves on its own afterwards",
      ),
    createdAt: isoTime,
    completedAt: isoTime.nullable(),
  })
  .describe('Our design (spec: not shown): one row of the trade history');

const moneyMoved = z.object({ record: tradeRecord, balances }).describe('Our design: the record created and the balances after it');

// ---------------------------------------------------------------- calls

export const walletCalls = {
  balanceGet: defineCall({
    path: '/v1/player/balance/get',
    auth: 'player',
    summary: 'Wallet balances',
    request: emptyBody,
    response: balances,
  }),
  balanceSyncAndGet: defineCall({
    path: '/v1/player/balance/sync_and_get',
    auth: 'player',
    summary: 'Pull funds back from game providers, then list every wallet for the wallet display',
    request: emptyBody,
    response: z.array(walletDisplayEntry),
  }),
  cashoutAddressAdd: defineCall({
    path: '/v1/player/cashout_address/add',
    auth: 'player',
    summary:
      'Save a withdrawal address (10025 already saved, 10026 too many, 10052 invalid); it may be used once it has waited (usableAt), and the player is mailed',
    request: body({ address: tronAddress, label, twoFactorCode: twoFactorCode.optional() }),
    response: cashoutAddress,
  }),
  cashoutAddressDelete: defineCall({
    path: '/v1/player/cashout_address/delete',
    auth: 'player',
    summary: 'Remove a saved withdrawal address',
    request: body({ id }),
    response: emptyReply,
  }),
  cashoutAddressList: defineCall({
    path: '/v1/player/cashout_address/list',
    auth: 'player',
    summary: 'Saved withdrawal addresses, newest first',
    request: emptyBody,
    response: z.array(cashoutAddress),
  }),
  financePasswordUpdate: defineCall({
    path: '/v1/player/finance_password/update',
    auth: 'player',
    summary: 'Set the fund password (with loginPassword) or change it (with oldPassword; loginPassword also works when it is forgotten)',
    request: body({
      oldPassword: secretInput.optional(),
      newPassword: fundPassword,
      loginPassword: secretInput.optional(),
      twoFactorCode: twoFactorCode.optional(),
    }).refine((b) => b.oldPassword !== undefined || b.loginPassword !== undefined, {
      message: 'send oldPassword or loginPassword',
      path: ['oldPassword'],
    }),
    response: emptyReply,
  }),
  cashoutAccountAdd: defineCall({
    path: '/v1/player/cashout_account/add',
    auth: 'player',
    summary: 'Save a cashout account (10034 too many, 10035-10038 format errors)',
    request: cashoutAccountInput,
    response: cashoutAccount,
  }),
  cashoutAccountUpdate: defineCall({
    path: '/v1/player/cashout_account/update',
    auth: 'player',
    summary: 'Rename, make default, or delete (deleted: true) a cashout account',
    request: body({
      id,
      deleted: z.boolean().optional().describe('True removes the account'),
      isDefault: z.literal(true).optional().describe('Makes it the default; the previous default loses the flag'),
      label: label.optional(),
    }).refine((b) => b.deleted !== undefined || b.isDefault !== undefined || b.label !== undefined, {
      message: 'nothing to update',
      path: ['id'],
    }),
    response: z.array(cashoutAccount).describe('Our design: every account after the change, since a new default changes another row too'),
  }),
  cashoutAccountGet: defineCall({
    path: '/v1/player/cashout_account/get',
    auth: 'player',
    summary: 'Saved cashout accounts, default first',
    request: body({ accountType: cashoutAccountType.optional() }),
    response: z.array(cashoutAccount),
  }),
  betAddressList: defineCall({
    path: '/v1/player/bet_address/list',
    auth: 'player',
    summary: 'Bound transfer-bet addresses; adding is available only if none has status 1',
    request: emptyBody,
    response: z.array(betAddress),
  }),
  betAddressAdd: defineCall({
    path: '/v1/player/bet_address/add',
    auth: 'player',
    summary: 'Bind a wallet address for transfer bets; it is in use once its activation transfer arrives (10029-10033)',
    request: body({ address: tronAddress }),
    response: betAddress,
  }),
  betAddressUnbind: defineCall({
    path: '/v1/player/bet_address/unbind',
    auth: 'player',
    summary:
      "Our design: stop a binding (in use or waiting for its transfer); later transfers from the address are no longer the player's bets. Binding it again takes a new activation transfer (10031 when the player has no such binding)",
    request: body({ id }),
    response: z.array(betAddress).describe("The player's bindings after the change"),
  }),
} as const;

export const bankCalls = {
  cashoutConfig: defineCall({
    path: '/v1/bank/cashout/config',
    auth: 'player',
    summary: 'Withdrawal limits, fees and what may be withdrawn now, per currency',
    request: emptyBody,
    response: z
      .object({
        hasFundPassword: z.boolean().describe('False sends the player to /safeCenter/setFundPwd first'),
        currencies: z.array(
          z.object({
            currency,
            enabled: z.boolean(),
            minAmount: moneyString,
            maxAmount: moneyString,
            fee: moneyString.describe('Fixed fee per withdrawal, taken from the amount'),
            reviewThreshold: moneyString.describe('Withdrawals of this amount or more wait for an operator review before they are sent'),
            withdrawable: moneyString.describe('Balance that may leave now (locked bonus turnover excluded)'),
            dailyCountLimit: z.number().int().min(0),
            dailyCountUsed: z.number().int().min(0),
          }),
        ),
      })
      .describe('Our design (spec: not shown)'),
  }),
  cashoutSubmit: defineCall({
    path: '/v1/bank/cashout/submit',
    auth: 'player',
    summary:
      'Withdraw to a saved (addressId) or typed (address) TRON address; debits at once, refunds if rejected. A saved address still waiting after it was added is refused (10066, data.usableAt)',
    movesMoney: true,
    request: body({
      requestId,
      currency,
      amount: positiveMoneyAmount,
      addressId: id.optional(),
      address: tronAddress.optional(),
      fundPassword: secretInput.describe('Checked against the stored one (10045)'),
      twoFactorCode: twoFactorCode.optional(),
    }).refine((b) => (b.addressId === undefined) !== (b.address === undefined), {
      message: 'send either addressId or address',
      path: ['addressId'],
    }),
    response: moneyMoved,
  }),
  currencyExchangeConfig: defineCall({
    path: '/v1/bank/currency_exchange/config',
    auth: 'player',
    summary: 'Exchange pairs with the current rate (spread included) and limits',
    request: emptyBody,
    response: z
      .object({
        enabled: z.boolean().describe('False shows "coming soon"'),
        pairs: z.array(
          z.object({
            from: currency,
            to: currency,
            rate: z.string().describe('Units of `to` credited per unit of `from`, spread included'),
            minAmount: moneyString.describe('In `from`'),
            maxAmount: moneyString.describe('In `from`'),
          }),
        ),
        quotedAt: isoTime.describe('Rates move; send the rate back as quotedRate to refuse a worse one'),
      })
      .describe('Our design (spec: not shown)'),
  }),
  currencyExchangeSubmit: defineCall({
    path: '/v1/bank/currency_exchange/submit',
    auth: 'player',
    summary: 'Designed (not in the spec): exchange USDT and TRX at the configured rate in one atomic transfer',
    movesMoney: true,
    request: body({
      requestId,
      from: currency,
      to: currency,
      amount: positiveMoneyAmount.describe('Amount of `from` to sell'),
      quotedRate: z
        .string()
        .regex(/^\d{1,12}(\.\d{1,12})?$/, 'decimal rate')
        .optional()
        .describe('The rate the player accepted; a worse current rate refuses the exchange instead of filling it'),
    }).refine((b) => b.from !== b.to, { message: 'from and to must differ', path: ['to'] }),
    response: moneyMoved,
  }),
  transferSubmit: defineCall({
    path: '/v1/bank/transfer/submit',
    auth: 'player',
    summary: 'Designed (not in the spec): send funds to another player (10047 no receiver, 10048 self, 10049-10051 merchant rules)',
    movesMoney: true,
    request: body({
      requestId,
      receiverId: id.optional(),
      receiverAccount: accountOrEmail.optional().describe('Account name or email of the receiver'),
      currency,
      amount: positiveMoneyAmount,
      fundPassword: secretInput,
      remark: z.string().trim().max(64).optional(),
    }).refine((b) => (b.receiverId === undefined) !== (b.receiverAccount === undefined), {
      message: 'send either receiverId or receiverAccount',
      path: ['receiverId'],
    }),
    response: moneyMoved,
  }),
  depositAddress: defineCall({
    path: '/v1/bank/deposit/address',
    auth: 'player',
    summary: "Designed (not in the spec): the player's own TRON deposit address (TRX and USDT)",
    request: emptyBody,
    response: z
      .object({
        address: z.string().describe('Derived for this player only; never changes'),
        network: z.literal('TRON'),
        currencies: z.array(
          z.object({
            currency,
            minAmount: moneyString.describe('Smaller deposits are not credited'),
            confirmations: z.number().int().min(0).describe('Blocks before the deposit is credited'),
            contractAddress: z.string().nullable().describe('TRC20 contract (USDT); null for TRX'),
          }),
        ),
      })
      .describe('Our design'),
  }),
  records: defineCall({
    path: '/v1/bank/records',
    auth: 'player',
    summary: 'Designed (not in the spec): trade history for /trade/TradeHis, newest first',
    request: body({
      ...pageFields,
      ...dateRangeFields,
      type: z.enum(TRADE_TYPES).optional(),
      currency: currency.optional(),
    }).superRefine(checkDateRange),
    response: paged(tradeRecord),
  }),
  walletActivateConfig: defineCall({
    path: '/v1/bank/wallet_activate/config',
    auth: 'player',
    summary: 'How a bet address is activated (the transfer that proves the player owns it)',
    request: emptyBody,
    response: z
      .object({
        required: z.boolean().describe('False: addresses are in use as soon as they are added'),
        toAddress: z.string().nullable(),
        currency,
        amount: moneyString.describe('Least TRX amount of the activation transfer'),
        refunded: z.boolean().describe('Whether the activation transfer comes back to the player (it is credited as a deposit)'),
        windowSeconds: z.number().int().min(0).describe('Time allowed for the transfer'),
      })
      .describe('Our design (spec: not shown)'),
  }),
} as const;

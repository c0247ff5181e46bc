import { CashoutAccountType, EMAIL_PATTERN, ErrorCode, isValidCpf, PHONE_PATTERN, PIX_KEY_TYPES, pixKeyError, type CurrencyCode } from '@lobby/contract';
import type { CashoutAccountInput } from '../../state/queries/wallet';
import { checkTronAddress } from '../SafeCenter/tronAddress';

export type AccountType = (typeof CashoutAccountType)[keyof typeof CashoutAccountType];
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const ACCOUNT_TYPES: readonly AccountType[] = [
  CashoutAccountType.BLOCKCHAIN,
  CashoutAccountType.CURRENCY,
  CashoutAccountType.PIX,
  CashoutAccountType.EWALLET,
];

/** Fiat currencies offered for bank accounts: those of the markets the eight languages serve, then the majors. */
export const BANK_CURRENCIES = ['BRL', 'VND', 'IDR', 'THB', 'EGP', 'CNY', 'TWD', 'USD', 'EUR'] as const;

export interface AccountForm {
  accountType: AccountType;
  label: string;
  currency: CurrencyCode;
  address: string;
  currencyCode: string;
  bankName: string;
  branch: string;
  accountNumber: string;
  holderName: string;
  pixKeyType: PixKeyType;
  pixKey: string;
  cpf: string;
  provider: string;
  email: string;
  phone: string;
}

export type AccountField = Exclude<keyof AccountForm, 'accountType'>;

export const emptyAccountForm = (accountType: AccountType = CashoutAccountType.BLOCKCHAIN): AccountForm => ({
  accountType,
  label: '',
  currency: 'USDT',
  address: '',
  currencyCode: BANK_CURRENCIES[0],
  bankName: '',
  branch: '',
  accountNumber: '',
  holderName: '',
  pixKeyType: 'cpf',
  pixKey: '',
  cpf: '',
  provider: '',
  email: '',
  phone: '',
});

/** Which fields each account type asks for, in order. */
export const FIELDS_BY_TYPE: Record<AccountType, readonly AccountField[]> = {
  [CashoutAccountType.BLOCKCHAIN]: ['currency', 'address', 'label'],
  [CashoutAccountType.CURRENCY]: ['currencyCode', 'bankName', 'branch', 'accountNumber', 'holderName', 'label'],
  [CashoutAccountType.PIX]: ['pixKeyType', 'pixKey', 'holderName', 'cpf', 'label'],
  [CashoutAccountType.EWALLET]: ['provider', 'email', 'phone', 'holderName', 'label'],
};

/** What is wrong with a field, as a key of the `accounts.errors` texts. */
export type AccountProblem =
  | 'required'
  | 'tronAddress'
  | 'accountNumber'
  | 'holderName'
  | 'bankName'
  | 'provider'
  | 'cpf'
  | 'pixKey'
  | 'pixCpf'
  | 'pixEmail'
  | 'pixPhone'
  | 'pixRandom'
  | 'email'
  | 'phone'
  | 'emailOrPhone'
  | 'tooLong';

const ACCOUNT_NUMBER = /^[0-9A-Za-z -]{4,34}$/;

const PIX_PROBLEMS: Partial<Record<number, AccountProblem>> = {
  [ErrorCode.CPF_FORMAT_INVALID]: 'pixCpf',
  [ErrorCode.ACCOUNT_EMAIL_FORMAT_INVALID]: 'pixEmail',
  [ErrorCode.PHONE_FORMAT_INVALID]: 'pixPhone',
  [ErrorCode.PIX_FORMAT_INVALID]: 'pixRandom',
};

/** Server codes that belong to one field of the form (SPEC section 8, 10035-10038 and 10052). */
export function fieldForCode(code: number | undefined, form: AccountForm): AccountField | undefined {
  switch (code) {
    case ErrorCode.INVALID_TRON_ADDRESS:
    case ErrorCode.CASHOUT_ADDRESS_EXISTS:
      return 'address';
    case ErrorCode.PIX_FORMAT_INVALID:
      return 'pixKey';
    case ErrorCode.CPF_FORMAT_INVALID:
      return form.accountType === CashoutAccountType.PIX && form.pixKeyType === 'cpf' ? 'pixKey' : 'cpf';
    case ErrorCode.ACCOUNT_EMAIL_FORMAT_INVALID:
      return form.accountType === CashoutAccountType.PIX ? 'pixKey' : 'email';
    case ErrorCode.PHONE_FORMAT_INVALID:
      return form.accountType === CashoutAccountType.PIX ? 'pixKey' : 'phone';
    default:
      return undefined;
  }
}

/**
 * Checks the form the way the contract's `cashoutAccountInput` does and builds the request body.
 * Everything is trimmed; optional fields left empty are not sent.
 */
export function validateAccount(form: AccountForm): { body?: CashoutAccountInput; errors: Partial<Record<AccountField, AccountProblem>> } {
  const errors: Partial<Record<AccountField, AccountProblem>> = {};
  const value = (field: AccountField) => String(form[field]).trim();
  const label = value('label');
  if (label.length > 32) errors.label = 'tooLong';
  const holder = () => {
    const name = value('holderName');
    if (!name) errors.holderName = 'required';
    else if (name.length < 2 || name.length > 64) errors.holderName = 'holderName';
    return name;
  };
  const optionalLabel = label ? { label } : {};

  switch (form.accountType) {
    case CashoutAccountType.BLOCKCHAIN: {
      const problem = checkTronAddress(form.address);
      if (problem) errors.address = problem === 'required' ? 'required' : 'tronAddress';
      if (Object.keys(errors).length) return { errors };
      return { errors, body: { accountType: CashoutAccountType.BLOCKCHAIN, currency: form.currency, address: value('address'), ...optionalLabel } };
    }
    case CashoutAccountType.CURRENCY: {
      const bankName = value('bankName');
      if (!bankName) errors.bankName = 'required';
      else if (bankName.length < 2 || bankName.length > 64) errors.bankName = 'bankName';
      const branch = value('branch');
      if (branch.length > 32) errors.branch = 'tooLong';
      const accountNumber = value('accountNumber');
      if (!accountNumber) errors.accountNumber = 'required';
      else if (!ACCOUNT_NUMBER.test(accountNumber)) errors.accountNumber = 'accountNumber';
      const holderName = holder();
      if (!/^[A-Z]{3}$/.test(form.currencyCode)) errors.currencyCode = 'required';
      if (Object.keys(errors).length) return { errors };
      return {
        errors,
        body: {
          accountType: CashoutAccountType.CURRENCY,
          currencyCode: form.currencyCode,
          bankName,
          ...(branch ? { branch } : {}),
          accountNumber,
          holderName,
          ...optionalLabel,
        },
      };
    }
    case CashoutAccountType.PIX: {
      const pixKey = value('pixKey');
      if (!pixKey) errors.pixKey = 'required';
      else if (pixKey.length > 77) errors.pixKey = 'pixKey';
      else {
        const code = pixKeyError(form.pixKeyType, pixKey);
        if (code !== undefined) errors.pixKey = PIX_PROBLEMS[code] ?? 'pixKey';
      }
      const holderName = holder();
      const cpf = value('cpf');
      if (!cpf) errors.cpf = 'required';
      else if (!isValidCpf(cpf)) errors.cpf = 'cpf';
      if (Object.keys(errors).length) return { errors };
      return { errors, body: { accountType: CashoutAccountType.PIX, pixKeyType: form.pixKeyType, pixKey, holderName, cpf, ...optionalLabel } };
    }
    case CashoutAccountType.EWALLET: {
      const provider = value('provider');
      if (!provider) errors.provider = 'required';
      else if (provider.length < 2 || provider.length > 32) errors.provider = 'provider';
      const email = value('email');
      const phone = value('phone').replace(/[\s()-]/g, '');
      if (email && (!EMAIL_PATTERN.test(email) || email.length > 254)) errors.email = 'email';
      if (phone && !PHONE_PATTERN.test(phone)) errors.phone = 'phone';
      if (!email && !phone) errors.email = 'emailOrPhone';
      const holderName = holder();
      if (Object.keys(errors).length) return { errors };
      return {
        errors,
        body: {
          accountType: CashoutAccountType.EWALLET,
          provider,
          ...(email ? { email } : {}),
          ...(phone ? { phone } : {}),
          holderName,
          ...optionalLabel,
        },
      };
    }
  }
}

import { CashoutAccountType, cashoutAccountInput, ErrorCode } from '@lobby/contract';
import { describe, expect, it } from 'vitest';
import { emptyAccountForm, fieldForCode, validateAccount, type AccountForm } from './accountForm';

const form = (patch: Partial<AccountForm>): AccountForm => ({ ...emptyAccountForm(patch.accountType), ...patch });

function accepted(patch: Partial<AccountForm>) {
  const result = validateAccount(form(patch));
  expect(result.errors).toEqual({});
  expect(result.body).toBeDefined();
  // Whatever the form sends, the server's schema accepts.
  expect(cashoutAccountInput.safeParse(result.body).success).toBe(true);
  return result.body!;
}

describe('cashout account form', () => {
  it('builds a blockchain account', () => {
    expect(accepted({ accountType: CashoutAccountType.BLOCKCHAIN, currency: 'TRX', address: ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ' })).toEqual({
      accountType: 1,
      currency: 'TRX',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(validateAccount(form({ address: 'TR7NHqjeKQ' })).errors).toEqual({ address: 'tronAddress' });
    expect(validateAccount(form({ address: '' })).errors).toEqual({ address: 'required' });
  });

  it('builds a bank account, leaving out an empty branch', () => {
    const body = accepted({
      accountType: CashoutAccountType.CURRENCY,
      currencyCode: 'BRL',
      bankName: 'Banco do Brasil',
      accountNumber: '0001 12345-6',
      holderName: 'Ana Souza',
      label: 'Salary',
    });
    expect(body).toEqual({
      accountType: 2,
      currencyCode: 'BRL',
      bankName: 'Banco do Brasil',
      accountNumber: '0001 12345-6',
      holderName: 'Ana Souza',
      label: 'Salary',
    });
    expect(validateAccount(form({ accountType: 2, bankName: 'B', accountNumber: '12', holderName: 'A' })).errors).toEqual({
      bankName: 'bankName',
      accountNumber: 'accountNumber',
      holderName: 'holderName',
    });
  });

  it('checks a PIX key against its type and the holder CPF by its check digits', () => {
    accepted({ accountType: CashoutAccountType.PIX, pixKeyType: 'cpf', pixKey: '529.982.247-25', holderName: 'Ana Souza', cpf: '52998224725' });
    accepted({ accountType: CashoutAccountType.PIX, pixKeyType: 'phone', pixKey: '+5511912345678', holderName: 'Ana Souza', cpf: '529.982.247-25' });
    accepted({
      accountType: CashoutAccountType.PIX,
      pixKeyType: 'random',
      pixKey: '123e4567-e89b-12d3-a456-426614174000',
      holderName: 'Ana Souza',
      cpf: '529.982.247-25',
    });
    const wrong = validateAccount(form({ accountType: 3, pixKeyType: 'email', pixKey: 'ana@', holderName: 'Ana', cpf: '111.111.111-11' }));
    expect(wrong.errors).toEqual({ pixKey: 'pixEmail', cpf: 'cpf' });
    expect(validateAccount(form({ accountType: 3, pixKeyType: 'cpf', pixKey: '123.456.789-00', holderName: 'Ana', cpf: '529.982.247-25' })).errors).toEqual({
      pixKey: 'pixCpf',
    });
  });

  it('needs an email or a phone for an e-wallet', () => {
    expect(validateAccount(form({ accountType: 4, provider: 'PayPal', holderName: 'Ana Souza' })).errors).toEqual({ email: 'emailOrPhone' });
    expect(accepted({ accountType: CashoutAccountType.EWALLET, provider: 'PicPay', phone: '+55 (11) 91234-5678', holderName: 'Ana Souza' })).toEqual({
      accountType: 4,
      provider: 'PicPay',
      phone: '+5511912345678',
      holderName: 'Ana Souza',
    });
    expect(validateAccount(form({ accountType: 4, provider: 'PayPal', email: 'nope', phone: '123', holderName: 'Ana' })).errors).toEqual({
      email: 'email',
      phone: 'phone',
    });
  });

  it('puts the server format codes next to their field', () => {
    expect(fieldForCode(ErrorCode.INVALID_TRON_ADDRESS, form({}))).toBe('address');
    expect(fieldForCode(ErrorCode.CPF_FORMAT_INVALID, form({ accountType: 3, pixKeyType: 'email' }))).toBe('cpf');
    expect(fieldForCode(ErrorCode.CPF_FORMAT_INVALID, form({ accountType: 3, pixKeyType: 'cpf' }))).toBe('pixKey');
    expect(fieldForCode(ErrorCode.PHONE_FORMAT_INVALID, form({ accountType: 4 }))).toBe('phone');
    expect(fieldForCode(ErrorCode.TOO_MANY_CASHOUT_ACCOUNTS, form({}))).toBeUndefined();
  });
});

import { accountName, email, password, verificationCode } from '@lobby/contract';

/**
 * Form checks of SPEC section 5, using the contract's own schemas so the form refuses exactly what the
 * server would. Each returns an i18n key for the first problem, or undefined when the value is fine.
 */
export type ValidationKey =
  | 'validation.required'
  | 'validation.account'
  | 'validation.accountLength'
  | 'validation.email'
  | 'validation.password'
  | 'validation.passwordLength'
  | 'validation.passwordMismatch'
  | 'validation.code';

export function checkAccount(value: string): ValidationKey | undefined {
  if (!value) return 'validation.required';
  if (!/^[A-Za-z0-9]+$/.test(value)) return 'validation.account';
  return accountName.safeParse(value).success ? undefined : 'validation.accountLength';
}

export function checkEmail(value: string): ValidationKey | undefined {
  if (!value) return 'validation.required';
  return email.safeParse(value).success ? undefined : 'validation.email';
}

export function checkPassword(value: string): ValidationKey | undefined {
  if (!value) return 'validation.required';
  if (!/[A-Za-z]/.test(value) || !/\d/.test(value)) return 'validation.password';
  return password.safeParse(value).success ? undefined : 'validation.passwordLength';
}

export function checkConfirm(value: string, original: string): ValidationKey | undefined {
  if (!value) return 'validation.required';
  return value === original ? undefined : 'validation.passwordMismatch';
}

export function checkCode(value: string): ValidationKey | undefined {
  if (!value) return 'validation.required';
  return verificationCode.safeParse(value).success ? undefined : 'validation.code';
}

/** Login accepts whatever was registered, so it only asks for something to be there. */
export function checkRequired(value: string): ValidationKey | undefined {
  return value.trim() ? undefined : 'validation.required';
}

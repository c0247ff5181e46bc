import { MICRO_PER_UNIT, MONEY_DECIMALS } from '@lobby/contract';

/**
 * Reads an amount as the server writes it ("12.5") into micro-units by the contract's own rule
 * (parseMicro): a plain non-negative decimal, at most 6 places, at most MAX_MICRO. It lives here
 * rather than being imported because the contract's money module also declares the zod schemas of
 * amounts, and the lobby's events badge and bonus popup, which read amounts, would bring all of zod
 * into the lobby's first download. micro.test.ts holds it to parseMicro's answers.
 */
const SERVER_AMOUNT = /^(0|[1-9]\d{0,17})(\.\d{1,6})?$/;
export const MAX_MICRO = 10n ** 18n;

export function readMicro(value: string): bigint | undefined {
  const text = value.trim();
  if (!SERVER_AMOUNT.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  const micro = BigInt(whole) * MICRO_PER_UNIT + BigInt(fraction.padEnd(MONEY_DECIMALS, '0'));
  return micro > MAX_MICRO ? undefined : micro;
}

import { MONEY_DECIMALS, type PaymentKind } from '@lobby/contract';
import type { PaymentRow } from './finance-ops.repo.ts';

const HEADER = [
  'kind',
  'id',
  'playerId',
  'currency',
  'amount',
  'fee',
  'status',
  'address',
  'txId',
  'counterpartyId',
  'toCurrency',
  'toAmount',
  'createdAt',
  'completedAt',
];

/** Micro-units as a decimal with all 6 places ("12.500000"), so a spreadsheet column lines up and nothing is lost. */
export function fixedMoney(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const unit = 10n ** BigInt(MONEY_DECIMALS);
  return `${negative ? '-' : ''}${abs / unit}.${(abs % unit).toString().padStart(MONEY_DECIMALS, '0')}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a separator, quote or line end; a text a spreadsheet
 * would take for a formula is led by an apostrophe, so opening the export never runs one.
 */
function field(value: string | null): string {
  if (value === null) return '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The export of `rows`, all of one kind: the header row, then one line per payment, CRLF line ends.
 * Only the addresses and transaction ids are text from outside; the other fields are ids, codes,
 * amounts and times that never need quoting.
 */
export function paymentsCsv(kind: PaymentKind, rows: PaymentRow[], maskAddress: (address: string) => string): string {
  const lines = rows.map((row) =>
    [
      kind,
      row.id,
      row.player_id,
      row.currency,
      fixedMoney(BigInt(row.amount)),
      fixedMoney(BigInt(row.fee)),
      row.status,
      field(row.address === null ? null : maskAddress(row.address)),
      field(row.tx_id),
      row.counterparty_id ?? '',
      row.to_currency ?? '',
      row.to_amount === null ? '' : fixedMoney(BigInt(row.to_amount)),
      row.created_at.toISOString(),
      row.completed_at?.toISOString() ?? '',
    ].join(','),
  );
  return [HEADER.join(','), ...lines].map((line) => `${line}\r\n`).join('');
}

import type { Db } from '../db/database.ts';
import { Ledger, type TransferLeg } from './ledger.service.ts';

/**
 * What the hot wallet burnt on chain to send something (a withdrawal, a transfer-bet payout): TRX
 * left the operator's chain holdings, whose ledger side is `deposit_clearing`, and is the
 * operator's cost, booked to `chain_fees`. No legs when nothing was burnt.
 */
export function networkFeeLegs(networkFee: bigint): TransferLeg[] {
  if (networkFee === 0n) return [];
  return [
    { account: { kind: 'deposit_clearing' }, currency: 'TRX', amount: networkFee },
    { account: { kind: 'chain_fees' }, currency: 'TRX', amount: -networkFee },
  ];
}

/**
 * Books what one transaction burnt, once per transaction id, inside the caller's transaction (the
 * one that records the transaction's outcome). For a transaction that failed on chain: it moved
 * nothing else, but its fee is gone all the same.
 */
export async function bookNetworkFee(trx: Db, txId: string, networkFee: bigint, metadata: object): Promise<void> {
  const legs = networkFeeLegs(networkFee);
  if (legs.length === 0) return;
  await new Ledger(trx).transfer({ idempotencyKey: `chain-fee:${txId}`, kind: 'chain_fee', reference: txId, metadata, legs }, trx);
}

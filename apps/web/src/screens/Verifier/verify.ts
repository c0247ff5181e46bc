import { isAreaOf, resultOf, settle, type HashKind, type HashResult, type Outcome } from '@lobby/hash-games';
import type { HashVerifyReply, VerifyInput } from '../../state/queries/hash-game';
import { formatMicro, hashGameOf, heightFromBlockId, parseAmount, sameWorking, toMicro, workingOf } from '../HashGame/hashDisplay';

/** The verifier's form as typed (all text, straight from the inputs and the link). */
export interface VerifyForm {
  gameId: string;
  blockId: string;
  height: string;
  area: string;
  amount: string;
  level: '0' | '1';
}

export type FormProblem = 'game' | 'blockId' | 'height' | 'heightMismatch' | 'amount';

export interface LocalVerification {
  kind: HashKind;
  result: HashResult | null;
  problem: FormProblem | null;
  /** The height the block id encodes, when the typed one differs. */
  encodedHeight: number | null;
  stake: { area: string; amount: string; odds: string; outcome: Outcome; returnAmount: string } | null;
}

/**
 * The result and, with a stake, the return, worked out on this device by the rules package. Nothing
 * here asks the server: the page shows this first and then holds the server's answer against it.
 */
export function verifyLocally(form: VerifyForm, odds: string): LocalVerification {
  const game = hashGameOf(Number(form.gameId));
  const empty = { result: null, encodedHeight: null, stake: null };
  if (!game) return { kind: 'bigSmall', problem: 'game', ...empty };
  const blockId = form.blockId.trim().toLowerCase();
  const encoded = heightFromBlockId(blockId);
  if (encoded === null) return { kind: game.kind, problem: 'blockId', ...empty };
  const height = Number(form.height.trim());
  if (!form.height.trim() || !Number.isSafeInteger(height) || height < 0) {
    return { kind: game.kind, problem: 'height', ...empty };
  }
  if (height !== encoded) return { kind: game.kind, problem: 'heightMismatch', ...empty, encodedHeight: encoded };
  const result = resultOf(game.id, blockId, height);

  let stake: LocalVerification['stake'] = null;
  let problem: FormProblem | null = null;
  if (form.area && isAreaOf(game.kind, form.area) && form.amount.trim()) {
    const micro = parseAmount(form.amount);
    if (micro === null) {
      problem = 'amount';
    } else {
      const settled = settle({ area: form.area, stake: micro, result, odds });
      stake = { area: form.area, amount: formatMicro(micro), odds, outcome: settled.outcome, returnAmount: formatMicro(settled.payout) };
    }
  }
  return { kind: game.kind, result, problem, encodedHeight: null, stake };
}

/** The request for the server's check, once the local one has a result to compare against. */
export function verifyRequest(form: VerifyForm, local: LocalVerification): VerifyInput | null {
  if (!local.result) return null;
  const request: VerifyInput = {
    gameId: Number(form.gameId),
    blockId: local.result.blockId,
    height: local.result.height,
    level: Number(form.level) as 0 | 1,
  };
  if (local.stake) {
    request.area = local.stake.area;
    request.amount = local.stake.amount;
  }
  return request;
}

export type ServerAgreement = 'match' | 'mismatch';

/** Whether the server's working and return are what this device worked out. */
export function compareWithServer(local: LocalVerification, reply: HashVerifyReply): ServerAgreement {
  if (!local.result) return 'mismatch';
  if (!sameWorking(workingOf(local.result), reply.working)) return 'mismatch';
  if (local.stake) {
    if (!reply.stake || reply.stake.outcome !== local.stake.outcome) return 'mismatch';
    // Odds are configuration the server may have changed from the defaults: the return is redone here
    // at the server's odds, so only a different computation counts as a difference.
    const stake = parseAmount(local.stake.amount);
    if (stake === null) return 'mismatch';
    let expected: bigint;
    try {
      expected = settle({ area: local.stake.area, stake, result: local.result, odds: reply.stake.odds }).payout;
    } catch {
      return 'mismatch';
    }
    if (toMicro(reply.stake.returnAmount) !== expected) return 'mismatch';
  }
  return 'match';
}

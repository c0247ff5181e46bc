import { BetStatus } from '@lobby/contract';
import { resultOf, settle, type HashResult } from '@lobby/hash-games';
import type { HashBetDetail } from '../../state/queries/hash-game';
import { formatMicro, parseAmount, sameWorking, toMicro, workingOf } from '../HashGame/hashDisplay';

export interface LocalCheck {
  result: HashResult;
  /** What the rules return for this stake at the bet's odds, for a settled bet. */
  payout: string | null;
  agrees: boolean;
}

/** The result recomputed here from the block id, and whether it agrees with the server's record. */
export function checkBet(bet: HashBetDetail): LocalCheck | null {
  if (!bet.blockId) return null;
  let result: HashResult;
  try {
    result = resultOf(bet.gameId, bet.blockId, bet.round);
  } catch {
    return null;
  }
  const stake = parseAmount(bet.amount);
  let payout: string | null = null;
  if (stake !== null) {
    try {
      payout = formatMicro(settle({ area: bet.area, stake, result, odds: bet.odds }).payout);
    } catch {
      payout = null;
    }
  }
  const workingAgrees = bet.working ? sameWorking(workingOf(result), bet.working) : true;
  // Cancelled bets return their stake whatever the block says, so only settlements are held to the rules.
  const settled = bet.status >= BetStatus.SETTLED_DRAW;
  const payoutAgrees = !settled || bet.payoutAmount === null || payout === null || toMicro(bet.payoutAmount) === toMicro(payout);
  return { result, payout, agrees: workingAgrees && payoutAgrees };
}

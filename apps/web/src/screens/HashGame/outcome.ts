import { BetStatus } from '@lobby/contract';
import { parseMicro } from '@lobby/contract/micro';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The fields of a hash bet a round's outcome is worked out from. */
export interface SettlingBet {
  id: number;
  round: number;
  currency: string;
  amount: string;
  status: number;
  payoutAmount: string | null;
  profitAmount: string | null;
}

/** What one round came to for the player's own bets in one currency, in micro-units. */
export interface RoundOutcome {
  key: string;
  round: number;
  currency: string;
  bets: number;
  stake: bigint;
  /** Came back to the balance when the round settled, stakes included. */
  payout: bigint;
  /** Payout minus stake: what the round won (above 0) or lost (below 0). */
  profit: bigint;
  tone: 'win' | 'lose' | 'draw';
}

const SETTLED: ReadonlySet<number> = new Set([
  BetStatus.SETTLED_DRAW,
  BetStatus.SETTLED_WIN,
  BetStatus.SETTLED_LOSE,
  BetStatus.RESETTLED_DRAW,
  BetStatus.RESETTLED_WIN,
  BetStatus.RESETTLED_LOSE,
]);

/** A signed decimal amount from the server ("-5", "9.5") in micro-units. */
function micro(value: string | null): bigint {
  if (value === null) return 0n;
  const negative = value.startsWith('-');
  const magnitude = parseMicro(negative ? value.slice(1) : value) ?? 0n;
  return negative ? -magnitude : magnitude;
}

/**
 * The rounds whose bets the player has just seen settle: bets that were unsettled in `before`
 * (id → status) and are settled in `after`, summed per round and currency. Bets first seen already
 * settled (an old round on opening the page) are not news.
 */
export function newlySettled(before: ReadonlyMap<number, number>, after: readonly SettlingBet[]): RoundOutcome[] {
  const outcomes = new Map<string, RoundOutcome>();
  for (const bet of after) {
    if (before.get(bet.id) !== BetStatus.UNSETTLED || !SETTLED.has(bet.status)) continue;
    const key = `${bet.round}:${bet.currency}`;
    const outcome = outcomes.get(key) ?? { key, round: bet.round, currency: bet.currency, bets: 0, stake: 0n, payout: 0n, profit: 0n, tone: 'draw' as const };
    const stake = micro(bet.amount);
    const payout = micro(bet.payoutAmount);
    outcome.bets += 1;
    outcome.stake += stake;
    outcome.payout += payout;
    outcome.profit += bet.profitAmount === null ? payout - stake : micro(bet.profitAmount);
    outcomes.set(key, outcome);
  }
  return [...outcomes.values()].map((o) => ({ ...o, tone: o.profit > 0n ? 'win' : o.profit < 0n ? 'lose' : 'draw' }));
}

/** The latest round outcome shown (the header balance marks its payout too), and the player's sound choice. */
interface OutcomeState {
  latest: (RoundOutcome & { shownAt: number }) | null;
  sound: boolean;
  show(outcome: RoundOutcome): void;
  dismiss(): void;
  setSound(on: boolean): void;
}

/** As long as a 3-second round: the card covers the round's clock while it shows. */
export const OUTCOME_SHOWN_MS = 3_000;

export const useOutcome = create<OutcomeState>()(
  persist(
    (set) => ({
      latest: null,
      // Off until the player turns it on: a phone at the table should not start making noise.
      sound: false,
      show: (outcome) => set({ latest: { ...outcome, shownAt: Date.now() } }),
      dismiss: () => set({ latest: null }),
      setSound: (sound) => set({ sound }),
    }),
    { name: 'lobby.hash.outcome', storage: createJSONStorage(() => localStorage), partialize: ({ sound }) => ({ sound }) },
  ),
);

let audio: AudioContext | null = null;

/** A short chime for a win (two rising notes), a low note for a loss; nothing for a draw. Made here, no file to load. */
export function playOutcomeSound(tone: RoundOutcome['tone']): void {
  if (tone === 'draw') return;
  const Context = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    const start = audio.currentTime;
    const notes = tone === 'win' ? [660, 990] : [220];
    notes.forEach((frequency, i) => {
      const oscillator = audio!.createOscillator();
      const gain = audio!.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const at = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      oscillator.connect(gain).connect(audio!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.3);
    });
  } catch {
    // A browser that refuses sound (no gesture yet, say) simply stays quiet.
  }
}

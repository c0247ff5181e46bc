import { payoutOf, type DemoGame } from './types.ts';

export const PLINKO_ROWS = 12;
export type PlinkoRisk = 'low' | 'medium' | 'high';

/** Multipliers (hundredths) of the 13 slots, left to right, per risk. */
export const PLINKO_TABLES: Record<PlinkoRisk, readonly number[]> = {
  low: mirror([1000, 300, 160, 140, 110, 93, 50]),
  medium: mirror([3300, 1100, 400, 200, 100, 60, 30]),
  high: mirror([17000, 2400, 730, 200, 70, 20, 20]),
};

function mirror(half: number[]): number[] {
  return [...half, ...half.slice(0, -1).reverse()];
}

function binomial(n: number, k: number): number {
  let value = 1;
  for (let i = 1; i <= k; i++) value = (value * (n - k + i)) / i;
  return value;
}

/** Exact RTP: the ball goes right at each of the 12 pins with probability 1/2. */
export function plinkoExactRtp(risk: PlinkoRisk): number {
  const table = PLINKO_TABLES[risk];
  let sum = 0;
  for (let k = 0; k <= PLINKO_ROWS; k++) sum += binomial(PLINKO_ROWS, k) * table[k]!;
  return sum / 100 / 2 ** PLINKO_ROWS;
}

export const plinko: DemoGame<{ risk: PlinkoRisk }> = {
  code: 'demo_plinko',
  name: 'Plinko',
  // listed with the crypto "originals" (the lobby's crypto games), as crypto casinos file Plinko
  category: 'crash',
  rtp: plinkoExactRtp('medium'),
  pageData: { rows: PLINKO_ROWS, tables: PLINKO_TABLES },
  parseChoice(choice) {
    const risk = (choice as { risk?: unknown } | null)?.risk;
    return risk === 'low' || risk === 'medium' || risk === 'high' ? { risk } : null;
  },
  play(rng, stake, { risk }) {
    const bits = rng.int(2 ** PLINKO_ROWS);
    const path = Array.from({ length: PLINKO_ROWS }, (_, i) => (bits >> i) & 1);
    const slot = path.reduce((a, b) => a + b, 0);
    const multiplier = PLINKO_TABLES[risk][slot]!;
    return { payout: payoutOf(stake, multiplier), detail: { risk, path, slot, multiplier } };
  },
};

import type { resultWorking } from '@lobby/contract';
export { workingOf } from '@lobby/hash-games';
import type { z } from 'zod';

export type ResultWorking = z.infer<typeof resultWorking>;

/** The verifier page pre-filled with the game, the block and, when given, the bet. */
export function verifyUrl(input: { gameId: number; height: number; blockId?: string | null; area?: string; amount?: string; level?: number }): string {
  const query = new URLSearchParams({ gameId: String(input.gameId) });
  if (input.blockId) query.set('blockId', input.blockId);
  query.set('height', String(input.height));
  if (input.area !== undefined) query.set('area', input.area);
  if (input.amount !== undefined) query.set('amount', input.amount);
  if (input.level !== undefined) query.set('level', String(input.level));
  return `/hashGame/verify?${query}`;
}

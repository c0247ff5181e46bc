/**
 * Runs `work` over `items` with at most `limit` at a time, in order of start. Layout walks through
 * many languages and themes spend most of their time waiting for pages to load and settle, each in
 * its own browser context: a few at once finish in a fraction of the time, on the same two cores.
 */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/** How many layout walks a test runs at once (LOBBY_E2E_LANES, default 3). */
export const LAYOUT_LANES = Math.max(1, Number(process.env.LOBBY_E2E_LANES ?? 3));

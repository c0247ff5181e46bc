import type { RunningServer } from './server.ts';

/** ECONOMY.md's VIP ladder with VIP 1 brought down to 20 USDT of bets, so that a few bets reach it. */
export const LADDER_VIP1_AT_20_USDT = [
  ['0', '0', '0'],
  ['20', '1', '0'],
  ['5000', '5', '3'],
  ['20000', '18', '8'],
  ['50000', '38', '18'],
  ['100000', '68', '38'],
  ['250000', '128', '68'],
  ['500000', '288', '128'],
  ['1000000', '588', '258'],
  ['2500000', '1288', '588'],
  ['5000000', '2888', '1288'],
].map(([threshold, upLevelGift, monthGift]) => ({ threshold, upLevelGift, monthGift }));

/** An operator's call to the server's /ops endpoints with the token it was started with; throws on a refusal. */
export async function callOps(server: Pick<RunningServer, 'url'>, opsToken: string, path: string, body: object): Promise<void> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': opsToken },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { code: number; msg: string };
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
}

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

import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createDevnet, type Devnet } from '../../chain/devnet/index.ts';
import { accountKeysFromSeed } from '../../chain/hd.ts';
import { startHashTestApp, type HashTestApp } from './test-support.ts';

const running: HashTestApp[] = [];
const nodes: Devnet[] = [];
afterAll(async () => {
  for (const t of running) await t.close();
  for (const node of nodes) await node.stop();
});

async function serverOn(chain: 'devnet' | 'node', env: Record<string, string> = {}): Promise<HashTestApp> {
  let node: Devnet | undefined;
  if (chain === 'node') {
    // A chain outside the server, reached like any TRON full node.
    node = createDevnet({ manual: true, solidityDepth: 0 });
    nodes.push(node);
    const url = await node.start(0);
    env = { TRON_API_URL: url, HOT_WALLET_PRIVATE_KEY: randomBytes(32).toString('hex'), DEPOSIT_XPUB: accountKeysFromSeed(randomBytes(32)).xpub, ...env };
  }
  const t = await startHashTestApp(env, node);
  running.push(t);
  return t;
}

/** The explorer link of a settled bet's details. */
async function explorerOfSettledBet(t: HashTestApp): Promise<{ url: string | null; round: number }> {
  const { token } = await t.player();
  const { bet } = (await t.bet(token, { gameId: 1, area: 'big', amount: '5' })).data;
  await t.advance(bet.round - (await t.head()));
  const detail = await t.call('/v1/hashGame/betDetail', { betId: bet.id }, { token });
  expect(detail.data.status).not.toBe(1);
  return { url: detail.data.explorerUrl, round: bet.round };
}

const siteExplorer = async (t: HashTestApp) => (await t.call('/v1/notice/configSync', {})).data.items.links?.explorer;

describe('explorer links of /v1/hashGame/betDetail and /v1/notice/configSync', () => {
  it('offers no explorer on the devnet, whose blocks no public explorer knows, nor in the site settings', async () => {
    const t = await serverOn('devnet');
    expect((await explorerOfSettledBet(t)).url).toBeNull();
    expect(await siteExplorer(t)).toBeUndefined();
    // The other site links stay.
    expect((await t.call('/v1/notice/configSync', {})).data.items.links.helpCenter).toBe('/helpCenter');
  });

  it('links the deciding block on Tronscan when the server reads a real node', async () => {
    const t = await serverOn('node');
    const { url, round } = await explorerOfSettledBet(t);
    expect(url).toBe(`https://tronscan.org/#/block/${round}`);
    expect((await siteExplorer(t)).block).toBe('https://tronscan.org/#/block/{id}');
  });

  it('uses the explorer the operator configures, also for a chain of their own', async () => {
    const t = await serverOn('devnet', { HASH_EXPLORER_BLOCK_URL: 'https://explorer.example.com/block/' });
    const { url, round } = await explorerOfSettledBet(t);
    expect(url).toBe(`https://explorer.example.com/block/${round}`);
  });
});

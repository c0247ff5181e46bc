import { createPublicKey } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { startDemoAggregator } from '../../demo-aggregator/index.ts';
import type { Aggregator } from './aggregator.ts';
import { Hub88GamesApi } from './hub88/games-api.ts';
import { generateRsaKeyPair, loadOrCreateRsaKeyPair, type RsaKeyPair } from './hub88/signature.ts';
import { PlayerHostUrls } from './player-host.ts';

export interface AggregatorSetup {
  aggregator: Aggregator;
  /** The aggregator's public key: every wallet callback is verified with it. */
  walletPublicKeyPem: string;
  /** Origins the web app frames game pages from and shows thumbnails of (the demo's plain-http one). */
  gameOrigins: string[];
  /** The game origins a page served to a player at `hostname` may frame and show images from. */
  gameOriginsFor(hostname: string | undefined): string[];
  /** A game page or thumbnail URL as a player at `hostname` can open it (see player-host.ts). */
  urlFor(url: string, hostname: string | undefined): string;
  /** Stops the in-process demo aggregator; nothing for a remote one. */
  close(): Promise<void>;
}

/**
 * The game aggregator of this process. With HUB88_API_URL it is that aggregator, with our signing key
 * and its public key from the configuration. Without it the in-repo demo aggregator starts in this
 * process (like the devnet), with keys kept in DATA_DIR (in memory for DATA_DIR=memory) and its
 * wallet calls sent to this server, wherever it ends up listening (`serverUrl`, read at each call).
 */
export async function setupAggregator(config: Config, serverUrl: () => string, log: (msg: string, extra?: object) => void): Promise<AggregatorSetup> {
  // The wallet's currency is backed 1:1 by the player's USDT (hub88/wallet.module.ts): the games show
  // the money as what the player holds, USDT, whatever code the wallet reports it under.
  const hub88 = (apiUrl: string, operatorPrivateKeyPem: string) =>
    new Hub88GamesApi({ apiUrl, operatorId: config.HUB88_OPERATOR_ID, operatorPrivateKeyPem, currency: config.HUB88_CURRENCY, gameCurrency: 'USDT' });

  if (config.HUB88_API_URL) {
    // loadConfig requires both keys with HUB88_API_URL.
    return {
      aggregator: hub88(config.HUB88_API_URL, config.HUB88_OPERATOR_PRIVATE_KEY!),
      walletPublicKeyPem: config.HUB88_PUBLIC_KEY!,
      gameOrigins: [],
      gameOriginsFor: () => [],
      urlFor: (url) => url,
      close: async () => undefined,
    };
  }

  const inMemory = config.DATA_DIR === 'memory';
  const keyPair = (file: string): RsaKeyPair => (inMemory ? memoryKeyPair(file) : loadOrCreateRsaKeyPair(join(config.DATA_DIR, file)));
  const operator = config.HUB88_OPERATOR_PRIVATE_KEY
    ? { privateKeyPem: config.HUB88_OPERATOR_PRIVATE_KEY, publicKeyPem: publicKeyOf(config.HUB88_OPERATOR_PRIVATE_KEY) }
    : keyPair('hub88-operator-key.json');
  const demoKey = keyPair('demo-aggregator-key.json');
  const demo = await startDemoAggregator({
    operatorId: config.HUB88_OPERATOR_ID,
    operatorPublicKeyPem: operator.publicKeyPem,
    privateKeyPem: demoKey.privateKeyPem,
    walletUrl: () => `${serverUrl()}/hub88/wallet`,
    // Tests build many applications in one process: each demo takes any free port.
    port: config.NODE_ENV === 'test' ? 0 : config.DEMO_AGGREGATOR_PORT,
    // Where this server listens (all interfaces by default), so a phone on the LAN reaches the games too.
    host: config.HOST,
    publicUrl: config.DEMO_AGGREGATOR_PUBLIC_URL,
    dataDir: inMemory ? undefined : config.DATA_DIR,
    log,
  });
  const origin = new URL(demo.publicUrl).origin;
  // A configured public URL is where the games are for everyone; without it they are on the player's host.
  const perHost = config.DEMO_AGGREGATOR_PUBLIC_URL ? null : new PlayerHostUrls(demo.publicUrl);
  const urlFor = (url: string, hostname: string | undefined) => perHost?.rebase(url, hostname) ?? url;
  const api = hub88(demo.url, operator.privateKeyPem);
  return {
    aggregator: {
      name: api.name,
      listGames: () => api.listGames(),
      launchUrl: async (request) => urlFor(await api.launchUrl(request), request.playerHost),
    },
    walletPublicKeyPem: demo.publicKeyPem,
    gameOrigins: [origin],
    gameOriginsFor: (hostname) => (perHost && hostname ? [origin, perHost.originFor(hostname)] : [origin]),
    urlFor,
    close: () => demo.close(),
  };
}

// An RSA key takes half a second to make: applications of one process without a data folder
// (tests build dozens) share theirs.
const memoryKeys = new Map<string, RsaKeyPair>();
function memoryKeyPair(name: string): RsaKeyPair {
  let pair = memoryKeys.get(name);
  if (!pair) memoryKeys.set(name, (pair = generateRsaKeyPair()));
  return pair;
}

function publicKeyOf(privateKeyPem: string): string {
  return createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
}

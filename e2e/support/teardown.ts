import type { Browser, BrowserContext } from 'playwright-core';
import type { RunningServer } from './server.ts';

/**
 * Ends a browser test file: its phones, the browser, then the server. A context that is already gone
 * does not stop the rest; a browser or server that never started is passed over.
 */
export async function closeAll(contexts: BrowserContext[], browser: Browser | undefined, server: RunningServer | undefined): Promise<void> {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
}

import { prepareChromium } from './browser.ts';
import { buildWebApp } from './web-build.ts';

/**
 * Browser tests need Chromium (the system's, else the npm package's; fail loudly, never skip) and a build of the web app. The build gets
 * its own folder, which every server the tests start serves (WEB_DIST_DIR reaches them through the
 * environment, see server.ts).
 */
export default async function setup() {
  await prepareChromium();
  const build = buildWebApp();
  process.env.WEB_DIST_DIR = build.dir;
  return () => build.remove();
}

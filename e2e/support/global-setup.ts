import { prepareChromium } from './browser.ts';
import { buildConsoleApp, buildWebApp } from './web-build.ts';

/**
 * Browser tests need Chromium (the system's, else the npm package's; fail loudly, never skip) and builds of the web app and the
 * operator console. Each build gets
 * its own folder, which every server the tests start serves (WEB_DIST_DIR reaches them through the
 * environment, see server.ts).
 */
export default async function setup() {
  await prepareChromium();
  const build = buildWebApp();
  // A console build given from outside (CONSOLE_DIST_DIR) is used as it is.
  const consoleBuild = process.env.CONSOLE_DIST_DIR ? { dir: process.env.CONSOLE_DIST_DIR, remove: () => undefined } : buildConsoleApp();
  process.env.WEB_DIST_DIR = build.dir;
  process.env.CONSOLE_DIST_DIR = consoleBuild.dir;
  return () => {
    build.remove();
    consoleBuild.remove();
  };
}

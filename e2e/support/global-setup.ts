import { execFileSync } from 'node:child_process';
import { chromiumPath } from './browser.ts';

/** Browser tests need Chromium (fail loudly, never skip) and the built web app the server serves. */
export default function setup() {
  chromiumPath();
  execFileSync('npm', ['run', 'build', '-w', '@lobby/web'], { stdio: 'inherit' });
}

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { totpCode, totpStepAt } from '../../apps/server/src/security/totp.ts';

/** The console's two desk sizes the checks run at. */
export const DESKTOP = { width: 1440, height: 900 } as const;
export const TABLET = { width: 1024, height: 768 } as const;

/**
 * An authenticator app holding one secret. The server takes each step's code once and allows one
 * step of drift, so the device hands out the next unused step, waiting for the clock when the next
 * one is more than a step ahead.
 */
export class TotpDevice {
  private lastStep: number | null = null;

  constructor(readonly secret: string) {}

  async code(): Promise<string> {
    for (;;) {
      const current = totpStepAt(Date.now());
      const step = this.lastStep === null ? current : Math.max(current - 1, this.lastStep + 1);
      if (step <= current + 1) {
        this.lastStep = step;
        return totpCode(this.secret, step);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

export interface StaffCredentials {
  login: string;
  password: string;
  device: TotpDevice;
  recoveryCodes: string[];
}

export async function newDesk(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  locale = 'en-US',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale, colorScheme: 'light' });
  return { context, page: await context.newPage() };
}

/** Opens a one-time link and goes through enrolment in the console: password, TOTP secret and first code, recovery codes. */
export async function enrolThroughLink(page: Page, link: string, login: string, password: string): Promise<StaffCredentials> {
  await page.goto(link);
  await page.getByTestId('new-password').fill(password);
  await page.getByTestId('repeat-password').fill(password);
  await page.getByTestId('enrol-next').click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const device = new TotpDevice(secret);
  await page.getByTestId('enrol-code').fill(await device.code());
  await page.getByTestId('enrol-confirm').click();
  await page.getByTestId('recovery-code').first().waitFor();
  const recoveryCodes = (await page.getByTestId('recovery-code').allTextContents()).map((code) => code.trim());
  await page.getByTestId('enrol-done').click();
  return { login, password, device, recoveryCodes };
}

/** Signs in on the console's sign-in page and waits for the first page. */
export async function signInToConsole(page: Page, url: string, staff: StaffCredentials): Promise<void> {
  if (!page.url().includes('/console/sign-in')) await page.goto(`${url}/console/sign-in`);
  await page.getByTestId('login').fill(staff.login);
  await page.getByTestId('password').fill(staff.password);
  await page.getByTestId('code').fill(await staff.device.code());
  await page.getByTestId('sign-in').click();
  await page.getByTestId('me').waitFor();
}

/**
 * Answers the step-up dialog if it opens for the action `act` starts. The dialog opens once the server
 * has answered that a fresh code is needed, which takes longer on a busy machine. With `done` (what
 * shows the action went through), whichever comes first decides: the dialog is answered and `done`
 * awaited, or `done` came without one. Without it, the dialog is waited for a while and the action
 * goes on without it if none came.
 */
export async function withStepUp(page: Page, staff: StaffCredentials, act: () => Promise<void>, done?: () => Promise<unknown>): Promise<void> {
  await act();
  const dialog = page.getByTestId('step-up-code');
  const asked = done
    ? await Promise.race([
        dialog.waitFor({ state: 'visible' }).then(
          () => true,
          () => false,
        ),
        done().then(
          () => false,
          () => false,
        ),
      ])
    : await dialog.waitFor({ state: 'visible', timeout: 4000 }).then(
        () => true,
        () => false,
      );
  const answer = async () => {
    await dialog.fill(await staff.device.code());
    await page.locator('#step-up-submit').click();
    await dialog.waitFor({ state: 'hidden' });
  };
  if (asked) await answer();
  if (!done) return;
  await done();
  // A dialog opening just after the sign came (a later call of the same action asking for a code) is
  // answered too, so that no dialog is left over the page for the next step.
  if (
    await dialog.waitFor({ state: 'visible', timeout: 1500 }).then(
      () => true,
      () => false,
    )
  )
    await answer();
}

/** Whether anything on the page is wider than the window: the console must fit a tablet without sideways scrolling. */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** An operator call from the signed-in console page, with its session cookie and CSRF token. */
export const opsFromPage = (page: Page, path: string, body: object) =>
  page.evaluate(
    async ([path, body]) => {
      const token = sessionStorage.getItem('lobby.console.csrf') ?? '';
      const response = await fetch(path as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { code: number; data: any };
    },
    [path, body] as const,
  );

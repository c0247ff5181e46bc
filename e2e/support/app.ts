import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ANNOUNCED_KEY, announcementKey } from '../../apps/web/src/screens/Activity/announced.ts';
import type { RunningServer } from './server.ts';

/** Written by the test run for people to look at; git-ignored. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Loads a path of the app and waits until the launch screen has faded out, so the app takes clicks. */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForApp(page);
}

/** After a reload or a full navigation: the launch screen leaves once the lobby data is in. */
export async function waitForApp(page: Page): Promise<void> {
  await page.getByTestId('launch-screen').waitFor({ state: 'hidden' });
}

/**
 * The element with this test id on the screen the player sees. Ionic keeps the pages left behind in
 * the document, hidden, and during a transition holds the page being replaced invisible, so a test id
 * can match more than one element.
 */
export function shown(page: Page, testId: string): Locator {
  return page.locator(`[data-testid="${testId}"]:not(.ion-page-hidden *):not(.ion-page-invisible *)`).filter({ visible: true });
}

/**
 * Starts every page of the context with this language and theme, as if the player had chosen them
 * before (the app keeps them in localStorage).
 */
export async function presetSettings(context: BrowserContext, settings: { language: string; theme: 'dark' | 'light' }) {
  await context.addInitScript((value) => {
    localStorage.setItem('lobby.settings', JSON.stringify({ state: value, version: 0 }));
  }, settings);
}

/** Starts every page of the context signed in with this token. */
export async function presetToken(context: BrowserContext, token: string) {
  await context.addInitScript((value) => localStorage.setItem('lobby.token', value), token);
}

/**
 * Resolves once every image the player can see has finished loading, so a screenshot shows the real
 * logos. An image counts as seen when it is on top at its centre: not scrolled away, not under the
 * tab bar, not on a page in the background.
 */
export async function imagesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => {
        const box = img.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        return box.width > 0 && x >= 0 && x < innerWidth && y >= 0 && y < innerHeight && document.elementFromPoint(x, y) === img;
      })
      .every((img) => img.complete),
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await imagesSettled(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, animations: 'disabled', caret: 'hide' });
}

/**
 * Marks every activity's first reward as already announced to this player on this page's device, as
 * after the player has seen the lobby's bonus popup (activities.e2e.ts tests the popup): tests of
 * other screens are not covered by it when a deposit or a round makes a bonus claimable.
 */
export async function markActivityPopupsSeen(target: BrowserContext | Page, server: Pick<RunningServer, 'call'>, token: string): Promise<void> {
  const player = (await server.call<{ id: number }>('/v1/player/load', {}, token)).data;
  const confs = (await server.call<{ confs: { id: number }[] }>('/v1/activity/configSync', {}, token)).data.confs;
  const seen = confs.map((conf) => announcementKey(player.id, { activityId: conf.id, lastParticipatedAt: null }));
  const mark = ({ key, keys }: { key: string; keys: string[] }) =>
    localStorage.setItem(key, JSON.stringify([...JSON.parse(localStorage.getItem(key) ?? '[]'), ...keys]));
  if ('evaluate' in target) await target.evaluate(mark, { key: ANNOUNCED_KEY, keys: seen });
  else await target.addInitScript(mark, { key: ANNOUNCED_KEY, keys: seen });
}

/**
 * Resolves once the page showing this test id has finished sliding in. A click inside a frame on a
 * page still moving would land where the button was: Playwright waits for the element to stand still
 * within the frame's document, which does not see the page around the frame move. Ionic animates the
 * page's header, content and shadow rather than the page itself, and keeps every page of the outlet
 * from taking taps (pointer-events: none) until the transition is over, so both are waited for.
 */
export async function pageSettled(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => {
    const ionPage = document.querySelector(`[data-testid="${id}"]`)?.closest('.ion-page');
    if (!ionPage || ionPage.classList.contains('ion-page-invisible')) return false;
    if (
      ionPage
        .getAnimations({ subtree: true })
        .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
    )
      return false;
    const outlet = ionPage.parentElement;
    const pages = outlet ? [...outlet.children].filter((child) => child.classList.contains('ion-page')) : [ionPage];
    return pages.every((child) => (child as HTMLElement).style.pointerEvents !== 'none');
  }, testId);
}

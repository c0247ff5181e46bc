import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/app.ts';
import { launchBrowser } from './support/browser.ts';
import {
  DESKTOP,
  enrolThroughLink,
  newDesk,
  opsFromPage,
  overflowsHorizontally,
  signInToConsole,
  TABLET,
  withStepUp,
  type StaffCredentials,
} from './support/console.ts';
import { sharedCountryTable } from '../apps/server/src/modules/jurisdiction/country-table.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let ownerOne: StaffCredentials;
let ownerTwo: StaffCredentials;
let deskOne: { page: Page; close: () => Promise<void> };
const invited: Record<string, string> = {};
let apiKey = '';

/** A second person's console session over HTTP, as the browser holds it: the session cookie and the CSRF token. */
async function signInOverHttp(staff: StaffCredentials) {
  let cookie = '';
  let csrf = '';
  const post = async (path: string, body: unknown = {}) => {
    const response = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie: `lobby_console=${cookie}` } : {}), ...(csrf ? { 'x-csrf-token': csrf } : {}) },
      body: JSON.stringify(body),
    });
    const set = response.headers
      .getSetCookie()
      .map((line) => /^lobby_console=([^;]*)/.exec(line)?.[1])
      .find((value) => value !== undefined);
    if (set !== undefined) cookie = set;
    return (await response.json()) as { code: number; msg: string; data: any };
  };
  const signedIn = await post('/ops/v1/auth/signIn', { login: staff.login, password: staff.password, code: await staff.device.code() });
  expect(signedIn.code, signedIn.msg).toBe(0);
  csrf = signedIn.data.csrfToken;
  return post;
}

let ownerTwoSession: Awaited<ReturnType<typeof signInOverHttp>> | null = null;

/** Owner two (signed in once over HTTP) approves every pending request about staff rights and keys. */
async function approveAllAsOwnerTwo(): Promise<number> {
  ownerTwoSession ??= await signInOverHttp(ownerTwo);
  const post = ownerTwoSession;
  const pending = await post('/ops/v1/approvals/list', { status: 'pending', page: 1, pageSize: 50 });
  expect(pending.code, pending.msg).toBe(0);
  const requests = (pending.data.list as { id: number; kind: string }[]).filter((request) => request.kind.startsWith('staff.'));
  for (const request of requests) {
    const decided = await post('/ops/v1/approvals/decide', { id: request.id, approve: true, reason: 'Checked with owner one in person' });
    expect(decided.code, decided.msg).toBe(0);
    expect(decided.data.status).toBe('approved');
  }
  return requests.length;
}

/** Ticks a checkbox in a dialog that may still be opening: a click during its zoom can land beside the box. */
async function tick(box: Locator, on = true): Promise<void> {
  for (let attempt = 0; attempt < 5 && (await box.isChecked()) !== on; attempt++) {
    await box.setChecked(on).catch(() => undefined);
  }
  expect(await box.isChecked()).toBe(on);
}

const withKey = async (key: string) =>
  fetch(`${server.url}/ops/v1/audit/verify`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: '{}' });

beforeAll(async () => {
  // The proxy on this machine is trusted, so a request names its address as a load balancer would (X-Forwarded-For).
  [server, browser] = await Promise.all([startServer({ TRUST_PROXY: '127.0.0.1' }, { owners: ['owner.one', 'owner.two'] }), launchBrowser()]);
  const [one, two] = await Promise.all([newDesk(browser, DESKTOP), newDesk(browser, DESKTOP)]);
  [ownerOne, ownerTwo] = await Promise.all([
    enrolThroughLink(one.page, server.ownerLinks['owner.one']!, 'owner.one', 'copper willow station 42'),
    enrolThroughLink(two.page, server.ownerLinks['owner.two']!, 'owner.two', 'amber falcon meadow 77'),
  ]);
  await two.context.close();
  await signInToConsole(one.page, server.url, ownerOne);
  deskOne = { page: one.page, close: () => one.context.close() };
});
afterAll(async () => {
  await deskOne?.close();
  await browser?.close();
  await server?.stop();
});

describe('the console settings: staff, keys and audit under four eyes', () => {
  it('invites a finance and a support member, showing each one-time link once and saying the roles wait for a second person', async () => {
    const { page } = deskOne;
    await page.goto(`${server.url}/console/settings/staff`);
    await page.getByTestId('staff-page').waitFor();
    for (const [login, role] of [
      ['fin.member', 'finance'],
      ['sup.member', 'support'],
    ] as const) {
      await page.getByTestId('invite-open').click();
      const dialog = page.getByRole('dialog');
      await page.getByTestId('invite-login').fill(login);
      await tick(dialog.getByRole('checkbox', { name: role, exact: true }));
      await page.getByTestId('invite-reason').fill(`New ${role} colleague`);
      await withStepUp(page, ownerOne, () => page.locator('#invite-submit').click());
      const link = page.getByTestId('one-time-link');
      await link.waitFor();
      invited[login] = (await link.textContent())!.trim();
      expect(invited[login]).toMatch(/\/console\/enrol#\S+$/);
      await expect(page.getByTestId('grant-pending').textContent()).resolves.toMatch(/second person/);
      await expect(page.getByTestId('see-approvals').getAttribute('href')).resolves.toBe('/console/finance/approvals');
      await page.getByTestId('shown-once-close').click();
      await page.getByTestId('one-time-link').waitFor({ state: 'hidden' });
      // Invited, with no roles until someone else approves.
      const row = page.getByTestId(`member-${login}`);
      await expect(row.getByTestId('member-status').textContent()).resolves.toBe('Invited');
      await expect(row.textContent()).resolves.toContain('No roles');
    }
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-settings-staff-en-1440');
  });

  it('grants the roles once owner two approves, and the finance member then sees Finance but not Settings', async () => {
    expect(await approveAllAsOwnerTwo()).toBe(2);
    const { context, page } = await newDesk(browser, DESKTOP);
    const finance = await enrolThroughLink(page, invited['fin.member']!, 'fin.member', 'granite harbour lantern 19');
    await signInToConsole(page, server.url, finance);
    await page.getByTestId('nav-withdrawals').waitFor();
    const menu = (await page.locator('.ant-layout-sider .ant-menu').first().textContent()) ?? '';
    expect(menu).toContain('Finance');
    expect(menu).not.toContain('Settings');
    for (const entry of ['site', 'staff', 'keys', 'audit']) expect(await page.getByTestId(`nav-${entry}`).count()).toBe(0);
    await context.close();

    const { page: ownerPage } = deskOne;
    await ownerPage.reload();
    await expect(ownerPage.getByTestId('member-fin.member').textContent()).resolves.toContain('finance');
    await expect(ownerPage.getByTestId('member-fin.member').getByTestId('member-status').textContent()).resolves.toBe('Active');
    await expect(ownerPage.getByTestId('member-sup.member').textContent()).resolves.toContain('support');
  });

  it("takes a role's permission away at once, and gives it back only once owner two approves", async () => {
    const { page } = deskOne;
    await page.getByTestId('roles-tab').click();
    const bulletins = page.getByRole('checkbox', { name: 'support support.bulletin', exact: true });
    await expect(bulletins.isChecked()).resolves.toBe(true);
    await tick(bulletins, false);
    await withStepUp(
      page,
      ownerOne,
      () => page.getByTestId('save-role-support').click(),
      () => page.getByTestId('grant-applied').waitFor(),
    );
    await expect(bulletins.isChecked()).resolves.toBe(false);

    await tick(bulletins);
    await withStepUp(page, ownerOne, () => page.getByTestId('save-role-support').click());
    await expect(page.getByTestId('grant-pending').textContent()).resolves.toMatch(/second person to approve request #\d+/);
    await expect(bulletins.isChecked()).resolves.toBe(false);
    expect(await approveAllAsOwnerTwo()).toBe(1);
    // The approval arrives over the console socket and the matrix reads the roles again.
    await page.waitForFunction(() => (document.querySelector('[aria-label="support support.bulletin"]') as HTMLInputElement | null)?.checked === true);
  });

  it('publishes a site setting to players at once, and refuses a link that is not https', async () => {
    const { page } = deskOne;
    await page.getByTestId('nav-site').click();
    const apk = page.getByTestId('android-apk-url');
    await apk.fill('http://plain.example.com/app.apk');
    await page.getByTestId('save-app-download').click();
    await page.getByTestId('site-app-download').getByText('An https:// address').waitFor();
    await apk.fill('https://cdn.example.com/lobby-2.0.apk');
    await page.getByTestId('save-app-download').click();
    await page.getByText(/Saved: configuration version \d+/).waitFor();
    await page.locator('[data-testid="save-app-download"].ant-btn-loading').waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'console-settings-site-en-1440');
    const synced = await server.call('/v1/notice/configSync', {});
    expect(synced.data.items.appDownload.androidApkUrl).toBe('https://cdn.example.com/lobby-2.0.apk');
  });

  it('adds a customer-service contact, refusing a javascript: link, and the player call lists it at once in its place', async () => {
    const { page } = deskOne;
    const card = page.getByTestId('site-customer-service');
    await card.getByTestId('contact-2').waitFor();
    await card.getByTestId('contact-add').click();
    const added = card.getByTestId('contact-3');
    await added.getByTestId('contact-name-en').fill('Help centre');
    await added.getByTestId('contact-name-zh').fill('帮助中心');
    await added.getByTestId('contact-url').fill('javascript:alert(1)');
    await card.getByTestId('save-customer-service').click();
    await added.getByText('An https:// address or a path').waitFor();
    await added.getByTestId('contact-url').fill('https://help.example.com/contact');
    await added.getByRole('button', { name: 'Move up' }).click();
    await card.getByTestId('save-customer-service').click();
    await page.getByText('Saved: players see 4 contacts').waitFor();
    const contacts = await server.call('/v1/app/customerService/config', { language: 'en_US' });
    expect(contacts.data).toEqual([
      { kind: 'online', name: 'Online support', url: '/chat' },
      { kind: 'telegram', name: 'Telegram', url: 'https://t.me/hashlobby_service' },
      { kind: 'official', name: 'Help centre', url: 'https://help.example.com/contact' },
      { kind: 'whatsapp', name: 'WhatsApp', url: 'https://wa.me/message/HASHLOBBY' },
    ]);
    expect((await server.call('/v1/app/customerService/config', { language: 'zh_CN' })).data[2].name).toBe('帮助中心');
    await page.setViewportSize(TABLET);
    expect(await overflowsHorizontally(page)).toBe(false);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-settings-customer-service-en-1024');
    await page.setViewportSize(DESKTOP);
  });

  it('blocks a country picked by its name, and a request from an address there is refused at once', async () => {
    const { page } = deskOne;
    const card = page.getByTestId('site-blocked-countries');
    await card.getByTestId('blocked-countries-select').click();
    await page.keyboard.type('north kor');
    await page.locator('.ant-select-item-option[title="North Korea (KP)"]').click();
    await page.keyboard.press('Escape');
    await card.getByTestId('save-blocked-countries').click();
    await page.getByText('Saved: countries blocked: 1').waitFor();
    expect((await server.call('/v1/notice/configSync', {})).data.items.jurisdiction).toEqual({ blockedCountries: ['KP'] });
    const from = sharedCountryTable().firstAddress('KP', 4)!;
    const region = await fetch(`${server.url}/v1/app/region`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: '{}',
    });
    expect(((await region.json()) as { data: unknown }).data).toEqual({ country: 'KP', blocked: true });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-settings-blocked-countries-en-1440');
  });

  it('sets how long a new withdrawal address waits, refusing more than 720 hours, and the server applies it at once', async () => {
    const { page } = deskOne;
    const card = page.getByTestId('site-address-wait');
    const hours = card.getByTestId('address-wait-hours');
    await hours.fill('800');
    await card.getByTestId('save-address-wait').click();
    await card.getByText('A whole number of hours from 0 to 720').waitFor();
    await hours.fill('48');
    await card.getByTestId('save-address-wait').click();
    await page.getByText('Saved: new addresses wait 48 hours').waitFor();
    expect((await opsFromPage(page, '/ops/v1/security/settings', {})).data).toEqual({ addressWaitHours: 48 });
    await card.scrollIntoViewIfNeeded();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-settings-address-wait-en-1440');
  });

  it('creates an API key shown once, refused until owner two approves it, then accepted', async () => {
    const { page } = deskOne;
    await page.goto(`${server.url}/console/settings/keys`);
    await page.getByTestId('keys-page').waitFor();
    await page.getByTestId('key-create-open').click();
    await page.getByTestId('key-name').fill('nightly export');
    await tick(page.getByRole('dialog').getByRole('checkbox', { name: 'audit.read', exact: true }));
    await withStepUp(
      page,
      ownerOne,
      () => page.locator('#key-create-submit').click(),
      () => page.getByTestId('api-key').waitFor(),
    );
    apiKey = (await page.getByTestId('api-key').textContent())!.trim();
    expect(apiKey.length).toBeGreaterThan(20);
    await expect(page.getByRole('dialog').getByTestId('grant-pending').textContent()).resolves.toMatch(/second person approves/);
    await page.getByTestId('shown-once-close').click();
    await expect(page.getByTestId('key-nightly export').getByTestId('key-state').textContent()).resolves.toBe('Waiting for approval');

    expect((await withKey(apiKey)).status).toBe(401);
    expect(await approveAllAsOwnerTwo()).toBe(1);
    const accepted = await withKey(apiKey);
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { code: number }).code).toBe(0);

    await page.reload();
    await expect(page.getByTestId('key-nightly export').getByTestId('key-state').textContent()).resolves.toBe('Active');
    // The key is never shown again.
    expect(await page.content()).not.toContain(apiKey);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-settings-keys-en-1440');
  });

  it('lists the invitations, the decisions and the key in the audit log, and finds the chain intact', async () => {
    const { page } = deskOne;
    await page.goto(`${server.url}/console/settings/audit`);
    await page.getByTestId('audit-table').waitFor();
    const filterBy = async (action: string) => {
      await page.getByTestId('audit-action').fill(action);
      await page.getByTestId('audit-apply').click();
      await page.locator('[data-testid="audit-table"] .ant-table-row').first().waitFor();
      await page.waitForFunction(
        (prefix) => [...document.querySelectorAll('[data-testid="audit-table"] .ant-table-row code')].every((cell) => cell.textContent?.startsWith(prefix)),
        action,
      );
      return (await page.getByTestId('audit-table').textContent()) ?? '';
    };
    const staffActions = await filterBy('/ops/v1/staff/');
    expect(staffActions.match(/\/ops\/v1\/staff\/invite/g)).toHaveLength(2);
    expect(staffActions).toContain('/ops/v1/staff/createKey');
    expect(staffActions).toContain('owner.one');
    const decisions = await filterBy('/ops/v1/approvals/decide');
    expect(decisions.match(/\/ops\/v1\/approvals\/decide/g)).toHaveLength(4);
    expect(decisions).toContain('owner.two');
    expect(decisions).toContain('Checked with owner one in person');

    await page.locator('[data-testid="audit-table"] .ant-table-row-expand-icon').first().click();
    await expect(page.getByTestId('audit-details').first().textContent()).resolves.toContain('approved');

    await page.getByTestId('audit-verify').click();
    await expect(page.getByTestId('audit-verdict').textContent()).resolves.toMatch(/The chain is intact: \d+ records checked/);
    await page.locator('[data-testid="audit-verify"].ant-btn-loading').waitFor({ state: 'detached' });
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-settings-audit-en-1440');
  });

  it('shows the staff, audit and site pages in Chinese on a 1024x768 tablet without sideways scrolling', async () => {
    const { page } = deskOne;
    await page.setViewportSize(TABLET);
    await page.getByTestId('nav-staff').click();
    await page.getByTestId('member-fin.member').waitFor();
    await page.getByTestId('language').click();
    await page.locator('.ant-select-item-option[title="简体中文"]').click();
    const staffText = (await page.getByTestId('staff-page').textContent()) ?? '';
    expect(staffText).toContain('员工与角色');
    expect(staffText).toContain('邀请成员');
    expect(staffText).toContain('正常');
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'console-settings-staff-zh-1024');

    await page.getByTestId('roles-tab').click();
    await page.getByTestId('roles-matrix').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-settings-roles-zh-1024');

    await page.getByTestId('nav-audit').click();
    await page.getByTestId('audit-table').waitFor();
    const auditText = (await page.getByTestId('audit-page').textContent()) ?? '';
    expect(auditText).toContain('审计日志');
    expect(auditText).toContain('校验哈希链');
    await page.getByTestId('audit-verify').click();
    await expect(page.getByTestId('audit-verdict').textContent()).resolves.toContain('哈希链完整');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'console-settings-audit-zh-1024');

    await page.getByTestId('nav-site').click();
    await page.getByTestId('site-customer-service').getByText('添加联系方式').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.getByTestId('site-customer-service').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-settings-customer-service-zh-1024');
    const blocked = page.getByTestId('site-blocked-countries');
    await blocked.getByText('朝鲜 (KP)').waitFor();
    expect(await blocked.textContent()).toContain('禁止地区');
    await blocked.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-settings-blocked-countries-zh-1024');
    const wait = page.getByTestId('site-address-wait');
    expect(await wait.textContent()).toContain('新提现地址');
    expect(await wait.getByTestId('address-wait-hours').inputValue()).toBe('48');
  });
});

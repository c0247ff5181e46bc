import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, presetSettings, presetToken, screenshot, shown } from './support/app.ts';
import { registerPlayer } from './support/api.ts';
import { launchBrowser, newPhone } from './support/browser.ts';
import { measureLayout } from './support/layout.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { closeAll } from './support/teardown.ts';

/**
 * Site mail on a 390x844 phone. A player sits on their profile while the operator broadcasts a
 * message to everyone: the unread badge appears on the profile tab and the Messages rows of the
 * profile and the menu without a reload. The player opens the inbox, reads the message (its link is a link) and the badges clear.
 * Then, in Arabic and dark, a message sent to the player alone arrives the same way, the inbox and
 * the message read right to left without sideways scrolling, and a bulletin the operator published
 * opens on the next start. Screenshots in English and Arabic.
 */

const UI_TIMEOUT = 45_000;
const LANGUAGES = ['zh_CN', 'zh_TW', 'en_US', 'pt_BR', 'vi_VN', 'id_ID', 'th_TH', 'ar_EG'] as const;

const BROADCAST = {
  title: {
    zh_CN: '周末充值奖励',
    zh_TW: '週末儲值獎勵',
    en_US: 'Weekend deposit bonus',
    pt_BR: 'Bônus de depósito de fim de semana',
    vi_VN: 'Thưởng nạp tiền cuối tuần',
    id_ID: 'Bonus deposit akhir pekan',
    th_TH: 'โบนัสฝากเงินสุดสัปดาห์',
    ar_EG: 'مكافأة إيداع نهاية الأسبوع',
  },
  content: Object.fromEntries(LANGUAGES.map((lang) => [lang, `${lang}: 10% extra on deposits this weekend. https://example.com/promo`])),
};
const PERSONAL = {
  title: {
    zh_CN: '您的账户已验证',
    zh_TW: '您的帳戶已驗證',
    en_US: 'Your account is verified',
    pt_BR: 'Sua conta foi verificada',
    vi_VN: 'Tài khoản của bạn đã được xác minh',
    id_ID: 'Akun Anda sudah terverifikasi',
    th_TH: 'บัญชีของคุณได้รับการยืนยันแล้ว',
    ar_EG: 'تم التحقق من حسابك',
  },
  content: {
    zh_CN: '感谢您完成验证，现在可以提现了。',
    zh_TW: '感謝您完成驗證，現在可以提領了。',
    en_US: 'Thank you for completing verification. Withdrawals are now open to you.',
    pt_BR: 'Obrigado por concluir a verificação. Os saques já estão liberados.',
    vi_VN: 'Cảm ơn bạn đã hoàn tất xác minh. Bạn đã có thể rút tiền.',
    id_ID: 'Terima kasih telah menyelesaikan verifikasi. Penarikan kini terbuka untuk Anda.',
    th_TH: 'ขอบคุณที่ยืนยันตัวตน ตอนนี้คุณถอนเงินได้แล้ว',
    ar_EG: 'شكرًا لإكمال التحقق. يمكنك الآن سحب أموالك.',
  },
};
const BULLETIN = {
  title: Object.fromEntries(LANGUAGES.map((lang) => [lang, lang === 'ar_EG' ? 'صيانة مجدولة' : `Maintenance (${lang})`])),
  content: Object.fromEntries(
    LANGUAGES.map((lang) => [lang, lang === 'ar_EG' ? 'ستتوقف الخدمة لمدة عشر دقائق الليلة.' : `Ten minutes of maintenance tonight (${lang}).`]),
  ),
};

let server: RunningServer;
let browser: Browser;
let token = '';
let playerId = 0;
const contexts: BrowserContext[] = [];

const ops = <T = any>(path: string, body: object) => server.ops<T>(path, body);

async function phone(language: string, theme: 'light' | 'dark'): Promise<Page> {
  const { context, page } = await newPhone(browser, { colorScheme: theme });
  contexts.push(context);
  await presetSettings(context, { language, theme });
  await presetToken(context, token);
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, { withOpsKey: true }), launchBrowser()]);
  const account = `mail${Date.now().toString(36)}`.slice(0, 16);
  ({ token, playerId } = await registerPlayer(server, account, 'mailbox1'));
});

afterAll(() => closeAll(contexts, browser, server));

describe('site mail', () => {
  it('an operator broadcast arrives live, the player reads it and the badge clears', async () => {
    const page = await phone('en_US', 'light');
    await openApp(page, `${server.url}/userProfile`);
    await shown(page, 'profile-messages').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'tab-userProfile-badge').count()).toBe(0);

    await ops('/ops/v1/mail/send', { audience: { kind: 'all' }, category: 2, ...BROADCAST });

    // No reload: the socket's `mail` event makes the app ask for its count.
    await shown(page, 'tab-userProfile-badge').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'tab-userProfile-badge').innerText()).toBe('1');
    expect(await shown(page, 'profile-messages-badge').innerText()).toBe('1');
    await screenshot(page, 'site-mail-en-profile-badge');
    await shown(page, 'tab-menu').click();
    await shown(page, 'menu-messages-badge').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'menu-messages-badge').innerText()).toBe('1');
    await shown(page, 'tab-userProfile').click();

    await shown(page, 'profile-messages').click();
    const row = shown(page, 'mail-row').first();
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await row.getAttribute('data-read')).toBe('false');
    expect(await row.innerText()).toContain('Weekend deposit bonus');
    expect(await row.innerText()).toContain('Promotions');
    await screenshot(page, 'site-mail-en-inbox');

    await row.click();
    await shown(page, 'mail-detail').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'mail-detail-title').innerText()).toBe('Weekend deposit bonus');
    expect(await shown(page, 'mail-detail-content').locator('a').getAttribute('href')).toBe('https://example.com/promo');
    await screenshot(page, 'site-mail-en-detail');

    // Reading it cleared the badges, here and on the server.
    await expect.poll(() => shown(page, 'tab-userProfile-badge').count(), { timeout: UI_TIMEOUT }).toBe(0);
    expect((await server.call<{ unread: number }>('/v1/mail/newMail', {}, token)).data.unread).toBe(0);
    await shown(page, 'header-back').click();
    await expect.poll(async () => (await shown(page, 'mail-row').first().getAttribute('data-read')) ?? '', { timeout: UI_TIMEOUT }).toBe('true');
    // The message's page slides away before the inbox's back button is the only one.
    await expect.poll(() => shown(page, 'header-back').count(), { timeout: UI_TIMEOUT }).toBe(1);
    await shown(page, 'header-back').click();
    await shown(page, 'profile-messages').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'profile-messages-badge').count()).toBe(0);
    await page.context().close();
  });

  it('reads right to left in Arabic on a 390 px phone, and a published bulletin opens on the next start', async () => {
    const page = await phone('ar_EG', 'dark');
    await openApp(page, `${server.url}/userProfile`);
    await shown(page, 'profile-messages').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

    await ops('/ops/v1/mail/send', { audience: { kind: 'player', playerId }, category: 4, ...PERSONAL });
    await shown(page, 'profile-messages-badge').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'profile-messages-badge').innerText()).toBe('1');

    await shown(page, 'profile-messages').click();
    await shown(page, 'mail-list').waitFor({ timeout: UI_TIMEOUT });
    const rows = shown(page, 'mail-row');
    await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBe(2);
    expect(await rows.first().innerText()).toContain('تم التحقق من حسابك');
    expect(await rows.nth(1).innerText()).toContain('مكافأة إيداع نهاية الأسبوع');
    const report = await measureLayout(page, ['.mail-chips']);
    expect(report.scrollWidth).toBeLessThanOrEqual(report.clientWidth);
    expect(report.overflows).toEqual([]);
    await screenshot(page, 'site-mail-ar-inbox');

    await rows.first().click();
    await shown(page, 'mail-detail').waitFor({ timeout: UI_TIMEOUT });
    expect(await shown(page, 'mail-detail-content').innerText()).toBe(PERSONAL.content.ar_EG);
    await screenshot(page, 'site-mail-ar-detail');
    await expect.poll(async () => (await server.call<{ unread: number }>('/v1/mail/newMail', {}, token)).data.unread, { timeout: UI_TIMEOUT }).toBe(0);

    // The bulletin the heartbeat carries: published now, shown on the next start, in Arabic.
    await ops('/ops/v1/bulletins/publish', BULLETIN);
    await openApp(page, `${server.url}/home`);
    const bulletin = shown(page, 'bulletin');
    await bulletin.waitFor({ timeout: UI_TIMEOUT });
    expect(await bulletin.innerText()).toContain('صيانة مجدولة');
    await screenshot(page, 'site-mail-ar-bulletin');
    await shown(page, 'bulletin-close').click();
    await bulletin.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
  });
});

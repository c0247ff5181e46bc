import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../../state/queries/mail';
import type { Player } from '@lobby/contract';
import { signIn } from '../../state/session';
import { useUi } from '../../state/ui';
import { listenersOf, pushPlayerEvent as push } from '../../testing/realtime';
import { answerEachTest, loadTexts, renderScreen, renderSignedIn, settle, type Rendered } from '../../testing/screen';
import { MailDetail } from './SiteMessageDetailScreen';
import SiteMessageScreen from './SiteMessageScreen';
import { UnreadMailBadge } from './UnreadBadge';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

vi.mock('../../state/realtime', () => import('../../testing/realtime').then((m) => m.fakeRealtime));

const mail = (id: number, isRead: boolean, title = `Message ${id}`, content = `Body of ${id}`): Mail => ({
  id,
  category: id % 2 === 0 ? 1 : 2,
  title,
  content,
  isRead,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
});

/** 25 messages, newest first, the newest three unread. */
let inbox: Mail[] = [];
let unread = 0;

beforeAll(async () => {
  await loadTexts('en_US', ['mail']);
});
afterEach(() => vi.restoreAllMocks());

const bodyOf = (path: string) => call.mock.calls.filter(([spec]) => spec.path === path).at(-1)?.[1];

answerEachTest(call, {
  '/v1/mail/mailData': () => {
    const { page, pageSize, unreadOnly, id } = bodyOf('/v1/mail/mailData') as { page: number; pageSize: number; unreadOnly?: boolean; id?: number };
    const matching = inbox.filter((m) => (!unreadOnly || !m.isRead) && (id === undefined || m.id === id));
    return { list: matching.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: matching.length };
  },
  '/v1/mail/newMail': () => ({ unread, latest: null }),
  '/v1/mail/readMail': () => {
    const { ids, all } = bodyOf('/v1/mail/readMail') as { ids?: number[]; all?: true };
    inbox = inbox.map((m) => (all || ids?.includes(m.id) ? { ...m, isRead: true } : m));
    unread = inbox.filter((m) => !m.isRead).length;
    return { unread };
  },
  '/v1/mail/deleteMail': () => {
    const { ids } = bodyOf('/v1/mail/deleteMail') as { ids: number[] };
    inbox = inbox.filter((m) => !ids.includes(m.id));
    unread = inbox.filter((m) => !m.isRead).length;
    return { unread };
  },
  '/v1/notice/mailConfigSync': () => ({
    version: 1,
    changed: true,
    items: {
      categories: [
        { id: 1, name: { en_US: 'System' } },
        { id: 2, name: { en_US: 'Promotions' } },
      ],
    },
  }),
  '/v1/player/balance/get': () => ({ usdt: '0', trx: '0' }),
});

function seed() {
  inbox = Array.from({ length: 25 }, (_, i) => mail(25 - i, i >= 3));
  unread = 3;
}

const rows = (screen: Rendered) => [...screen.container.querySelectorAll<HTMLElement>('[data-testid="mail-row"]')];
const signedIn = (node: React.ReactNode) => renderSignedIn(node, { usdt: '0', trx: '0' });

describe('/siteMessage', () => {
  it('lists messages newest first with their category and unread mark, a page at a time', async () => {
    seed();
    const screen = await signedIn(<SiteMessageScreen />);
    expect(rows(screen)).toHaveLength(20);
    expect(
      rows(screen)
        .map((r) => r.dataset.id)
        .slice(0, 4),
    ).toEqual(['25', '24', '23', '22']);
    expect(
      rows(screen)
        .map((r) => r.dataset.read)
        .slice(0, 4),
    ).toEqual(['false', 'false', 'false', 'true']);
    expect(rows(screen)[0].textContent).toContain('Promotions');
    expect(rows(screen)[1].textContent).toContain('System');
    expect(rows(screen)[0].getAttribute('href')).toBe('/siteMessage/25');
    await screen.click('mail-more');
    expect(rows(screen)).toHaveLength(25);
    expect(screen.byTestId('mail-end')?.textContent).toBe("That's everything");
  });

  it('filters the unread ones through the server, and marks all read at once', async () => {
    seed();
    const screen = await signedIn(<SiteMessageScreen />);
    expect(screen.byTestId('mail-filter-unread')?.textContent).toBe('Unread (3)');
    await screen.click('mail-filter-unread');
    expect(bodyOf('/v1/mail/mailData')).toMatchObject({ unreadOnly: true, page: 1 });
    expect(rows(screen).map((r) => r.dataset.id)).toEqual(['25', '24', '23']);
    await screen.click('mail-read-all');
    expect(bodyOf('/v1/mail/readMail')).toEqual({ all: true });
    await screen.click('mail-filter-all');
    expect(rows(screen).every((r) => r.dataset.read === 'true')).toBe(true);
    expect(screen.byTestId('mail-filter-unread')?.textContent).toBe('Unread (0)');
  });

  it('says why the inbox is empty', async () => {
    inbox = [];
    unread = 0;
    const screen = await signedIn(<SiteMessageScreen />);
    expect(screen.byTestId('mail-empty')?.textContent).toContain('No messages yet');
  });

  it('asks a visitor to log in and asks the server nothing about mail', async () => {
    const screen = await renderScreen(<SiteMessageScreen />);
    expect(screen.byTestId('mail-visitor')).not.toBeNull();
    expect(call.mock.calls.filter(([spec]) => spec.path.startsWith('/v1/mail/'))).toEqual([]);
  });
});

describe('/siteMessage/:id', () => {
  it('shows the whole message, marks it read once, and turns only URLs into links', async () => {
    inbox = [mail(7, false, 'Deposit bonus', 'Details at https://example.com/promo. <script>alert(1)</script>')];
    unread = 1;
    const screen = await signedIn(<MailDetail id={7} />);
    expect(screen.byTestId('mail-detail-title')?.textContent).toBe('Deposit bonus');
    const content = screen.byTestId('mail-detail-content')!;
    expect(content.querySelector('a')?.getAttribute('href')).toBe('https://example.com/promo');
    expect(content.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(content.querySelector('script')).toBeNull();
    expect(content.textContent).toContain('<script>alert(1)</script>');
    expect(call.mock.calls.filter(([spec]) => spec.path === '/v1/mail/readMail').map(([, body]) => body)).toEqual([{ ids: [7] }]);
  });

  it('deletes the message after confirmation', async () => {
    inbox = [mail(8, true)];
    const screen = await signedIn(<MailDetail id={8} />);
    await screen.click('mail-delete');
    expect(useUi.getState().popups.at(-1)?.testId).toBe('mail-delete-confirm');
    await screen.click('popup-confirm');
    expect(bodyOf('/v1/mail/deleteMail')).toEqual({ ids: [8] });
    expect(inbox).toEqual([]);
  });

  it("says so when the message is not the player's or is gone", async () => {
    inbox = [];
    const screen = await signedIn(<MailDetail id={99} />);
    expect(screen.byTestId('mail-gone')).not.toBeNull();
  });
});

describe('the unread badge', () => {
  it('shows the count, follows the counts pushed over the socket, and hides at zero', async () => {
    unread = 2;
    const screen = await signedIn(<UnreadMailBadge variant="tab" testId="badge" />);
    expect(screen.byTestId('badge')?.textContent).toBe('2');
    expect(screen.byTestId('badge')?.getAttribute('aria-label')).toBe('2 unread messages');
    push('mail', { unread: 5 });
    await settle();
    expect(screen.byTestId('badge')?.textContent).toBe('5');
    unread = 0;
    push('mail', { unread: 0 });
    await settle();
    expect(screen.byTestId('badge')).toBeNull();
  });

  it('counts a broadcast meant for the player without asking the server, and ignores one for another segment', async () => {
    unread = 1;
    signIn('token', { id: 1, vipLevel: 3, createdAt: '2026-11-01T00:00:00.000Z' } as unknown as Player);
    // Two badges (the profile tab and the Messages row) hear each push; the message counts once.
    const screen = await renderScreen(
      <>
        <UnreadMailBadge variant="row" testId="badge" />
        <UnreadMailBadge variant="tab" testId="tab-badge" />
      </>,
    );
    expect(screen.byTestId('badge')?.textContent).toBe('1');
    const asked = call.mock.calls.length;
    push('mail', { broadcast: { id: 9, sentAt: '2026-11-20T00:00:00.000Z', vipMin: 2, vipMax: 5, registeredSince: null } });
    await settle();
    expect(screen.byTestId('badge')?.textContent).toBe('2');
    expect(screen.byTestId('tab-badge')?.textContent).toBe('2');
    push('mail', { broadcast: { id: 10, sentAt: '2026-11-20T00:00:00.000Z', vipMin: 4, vipMax: null, registeredSince: null } });
    push('mail', { broadcast: { id: 11, sentAt: '2026-10-20T00:00:00.000Z', vipMin: null, vipMax: null, registeredSince: null } });
    push('mail', { broadcast: { id: 12, sentAt: '2026-11-20T00:00:00.000Z', vipMin: null, vipMax: null, registeredSince: '2026-11-10T00:00:00.000Z' } });
    await settle();
    expect(screen.byTestId('badge')?.textContent).toBe('2');
    expect(call.mock.calls.length).toBe(asked);
  });

  it('asks the server after a mail event it cannot judge, spread over a few seconds', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    unread = 0;
    const screen = await signedIn(<UnreadMailBadge variant="row" testId="badge" />);
    expect(screen.byTestId('badge')).toBeNull();
    unread = 1;
    push('mail', {});
    await settle();
    expect(screen.byTestId('badge')?.textContent).toBe('1');
  });

  it('shows nothing to a visitor', async () => {
    unread = 4;
    const screen = await renderScreen(<UnreadMailBadge variant="tab" testId="badge" />);
    expect(screen.byTestId('badge')).toBeNull();
    expect(listenersOf('mail')).toBe(0);
  });
});

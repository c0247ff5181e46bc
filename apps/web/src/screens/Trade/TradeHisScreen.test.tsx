import type { Player } from '@lobby/contract';
import type { TradeRecord } from '../../state/queries/bank';
import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { signIn } from '../../state/session';
import { answering, loadTexts, renderScreen, resetApp } from '../../testing/screen';
import TradeHisScreen, { RecordRow } from './TradeHisScreen';

const call = vi.fn();
vi.mock('../../api', async () => ({
  ApiError: (await import('../../api/client')).ApiError,
  api: { call: (...args: unknown[]) => call(...args) },
  endSession: vi.fn(),
}));
vi.mock('@ionic/react', () => import('../../testing/screen').then((m) => m.ionicStub));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const withdrawal: TradeRecord = {
  id: 7,
  type: 'withdraw',
  status: 'processing',
  direction: 'out',
  currency: 'TRX',
  amount: '3000',
  fee: '0',
  toCurrency: null,
  toAmount: null,
  rate: null,
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  txId: null,
  counterparty: null,
  remark: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  completedAt: null,
};

async function render(record: TradeRecord): Promise<HTMLElement> {
  const container = document.createElement('ul');
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <Suspense fallback={null}>
        <RecordRow record={record} explorer={(txId) => `https://explorer.test/${txId}`} />
      </Suspense>,
    );
  });
  // The trade texts load on first use.
  for (let i = 0; i < 50 && !container.querySelector('[data-testid="tradehis-row"]'); i++) {
    await act(async () => new Promise((r) => setTimeout(r, 10)));
  }
  return container;
}

describe('a withdrawal in the trade history', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('says when it waits for the payout wallet to be topped up', async () => {
    const row = await render({ ...withdrawal, waitingReason: 'hot_wallet_funds' });
    const note = row.querySelector('[data-testid="tradehis-waiting"]');
    expect(note?.textContent).toBe('Waiting for the payout wallet to be topped up; sent automatically');
    expect(row.querySelector('[data-testid="tradehis-status"]')?.textContent).toBe('Processing');
  });

  it('says nothing more while it is simply on its way', async () => {
    const row = await render(withdrawal);
    expect(row.querySelector('[data-testid="tradehis-row"]')).not.toBeNull();
    expect(row.querySelector('[data-testid="tradehis-waiting"]')).toBeNull();
  });
});

describe('a deposit waiting for its confirmations in the trade history', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('counts them beside its status', async () => {
    const row = await render({ ...withdrawal, type: 'deposit', direction: 'in', status: 'pending', confirmations: { seen: 7, needed: 19 } });
    expect(row.querySelector('[data-testid="tradehis-confirmations"]')?.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('7/19');
    expect(row.querySelector('[data-testid="tradehis-status"]')?.textContent).toContain('Confirming');
  });

  it('says nothing of them once credited', async () => {
    const row = await render({ ...withdrawal, type: 'deposit', direction: 'in', status: 'completed' });
    expect(row.querySelector('[data-testid="tradehis-confirmations"]')).toBeNull();
    expect(row.querySelector('[data-testid="tradehis-held"]')).toBeNull();
  });
});

describe('a deposit held for review in the trade history', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('is under review, not confirming, and says why it is not credited', async () => {
    const row = await render({ ...withdrawal, type: 'deposit', direction: 'in', status: 'pending', heldForReview: true });
    expect(row.querySelector('[data-testid="tradehis-status"]')?.textContent).toBe('Under review');
    expect(row.querySelector('[data-testid="tradehis-held"]')?.textContent).toMatch(
      /^Held for a compliance review: it was sent from an address on a sanctions list/,
    );
  });
});

describe('/trade/TradeHis transaction links', () => {
  const TX_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const sent: TradeRecord = { ...withdrawal, status: 'completed', txId: TX_ID, completedAt: '2024-05-01T10:05:00.000Z' };

  beforeAll(async () => {
    await loadTexts('en_US', ['trade']);
  });

  beforeEach(() => {
    resetApp();
    call.mockReset();
  });

  async function openHistory(siteLinks: Record<string, unknown>) {
    call.mockImplementation(
      answering({
        '/v1/notice/configSync': () => ({ version: 1, changed: true, items: { links: siteLinks } }),
        '/v1/bank/records': () => ({ list: [sent], total: 1, page: 1, pageSize: 20 }),
      }),
    );
    signIn('token', { id: 1 } as unknown as Player);
    const screen = await renderScreen(<TradeHisScreen />);
    return screen.byTestId('tradehis-tx')!;
  }

  it('links a transaction to the explorer the site settings name', async () => {
    const tx = await openHistory({ chat: '/chat', explorer: { transaction: 'https://explorer.test/tx/{id}' } });
    expect(tx.getAttribute('href')).toBe(`https://explorer.test/tx/${TX_ID}`);
  });

  it('shows the transaction without a link when the settings name no explorer (the devnet)', async () => {
    const tx = await openHistory({ chat: '/chat' });
    expect(tx.tagName).toBe('SPAN');
    expect(tx.closest('li')!.querySelector('a')).toBeNull();
    expect(tx.title).toBe(TX_ID);
    expect(tx.textContent).toBe('Transaction a1b2…8f90');
  });
});

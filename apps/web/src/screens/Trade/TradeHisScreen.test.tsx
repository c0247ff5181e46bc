import type { TradeRecord } from '../../state/queries/bank';
import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
import { RecordRow } from './TradeHisScreen';

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

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { useExplorerTxUrl } from './bank';
import { useExplorerBlockTemplate } from './hash-game';

const call = vi.fn();
vi.mock('../../api', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));

function Links() {
  const txUrl = useExplorerTxUrl();
  const block = useExplorerBlockTemplate();
  return (
    <output>
      {txUrl('abc')} {block}
    </output>
  );
}

describe('the site configuration', () => {
  it('is asked once, under one key, by every screen that reads it', async () => {
    call.mockResolvedValue({ version: 1, changed: true, items: { links: { explorer: { transaction: 'https://x/tx/{id}', block: 'https://x/b/{id}' } } } });
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <Links />
          <Links />
        </QueryClientProvider>,
      );
    });
    for (let tick = 0; tick < 20 && !container.textContent?.includes('https'); tick += 1) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
    expect(container.textContent).toContain('https://x/tx/abc https://x/b/{id}');
    expect(call.mock.calls.filter(([spec]) => spec.path === '/v1/notice/configSync')).toHaveLength(1);
    act(() => root.unmount());
  });
});

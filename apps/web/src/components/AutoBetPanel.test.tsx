import { BetStatus } from '@lobby/contract';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutoBetLog } from '../state/queries/auto-bet';
import AutoBetPanel from './AutoBetPanel';
import { setAutoBetPanelMinimised } from './autoBetPanelState';

let log: Partial<AutoBetLog>;
const idle = { isPending: false, mutate: vi.fn(), mutateAsync: vi.fn() };

vi.mock('../i18n/useNamespaceT', () => ({ useNamespaceT: () => ({ t: (key: string) => key }) }));
vi.mock('../api', () => ({ api: { call: vi.fn() } }));
vi.mock('../state/ui', () => ({ showConfirm: vi.fn() }));
vi.mock('../state/queries/auto-bet', () => ({
  useAutoBetLog: () => ({ data: log }),
  useAutoBetControls: () => ({ start: idle, stop: idle, clear: idle }),
  hideAutoBetLog: vi.fn(),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function running(reward: string): Partial<AutoBetLog> {
  return {
    isOpen: true,
    simulate: true,
    currency: 'USDT',
    totalNum: 40,
    winNum: 21,
    reward,
    amountBalance: '10001.95',
    result: [],
    record: Array.from({ length: 40 }, (_, i) => ({
      blockNum: 1000 + i,
      amount: '1',
      profitAmount: '0.95',
      betArea: 'big' as const,
      status: BetStatus.SETTLED_WIN,
    })),
  };
}

let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function mount() {
  root = createRoot(container);
  await act(async () => root.render(<AutoBetPanel gameId={1} simulate />));
}

async function tap(id: string) {
  await act(async () => byTestId(id)!.click());
}

beforeEach(() => {
  setAutoBetPanelMinimised(false);
  localStorage.clear();
  log = running('1.95');
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('AutoBetPanel', () => {
  it('opens expanded, with Start, Stop and Clear in a footer outside the scrolling log', async () => {
    await mount();
    const actions = byTestId('autobet-actions')!;
    expect(byTestId('autobet-chip')).toBeNull();
    expect(actions.tagName).toBe('FOOTER');
    for (const id of ['autobet-start', 'autobet-stop', 'autobet-clear']) expect(actions.contains(byTestId(id))).toBe(true);
    // The bets scroll inside the body; the footer is its sibling, so it never scrolls away with them.
    const body = byTestId('autobet-panel-body')!;
    expect(body.querySelectorAll('[data-testid="autobet-record-row"]')).toHaveLength(40);
    expect(body.contains(actions)).toBe(false);
    expect(actions.parentElement).toBe(byTestId('autobet-panel'));
  });

  it('minimises to a chip with the run state and the signed profit, and opens again on a tap', async () => {
    await mount();
    await tap('autobet-minimise');
    expect(byTestId('autobet-panel')).toBeNull();
    expect(byTestId('autobet-chip-state')!.textContent).toBe('panel.running');
    expect(byTestId('autobet-chip-profit')!.textContent).toBe('+1.950');
    expect(byTestId('autobet-chip-profit')!.className).toContain('is-gain');

    await tap('autobet-chip');
    expect(byTestId('autobet-chip')).toBeNull();
    expect(byTestId('autobet-panel')).not.toBeNull();
  });

  it('shows a stopped run with a loss on the chip', async () => {
    log = { ...running('-3.5'), isOpen: false };
    await mount();
    // Numbers keep their minus in front in Arabic too.
    expect(byTestId('autobet-profit')!.getAttribute('dir')).toBe('ltr');
    await tap('autobet-minimise');
    expect(byTestId('autobet-chip-state')!.textContent).toBe('panel.stopped');
    expect(byTestId('autobet-chip-profit')!.textContent).toBe('-3.500');
    expect(byTestId('autobet-chip-profit')!.className).toContain('is-loss');
  });

  it('stays minimised on every screen and after a reload', async () => {
    await mount();
    await tap('autobet-minimise');
    expect(localStorage.getItem('lobby.autoBetPanel.minimised')).toBe('1');
    // Another screen mounts the panel again: still the chip.
    act(() => root.unmount());
    await mount();
    expect(byTestId('autobet-chip')).not.toBeNull();
    // A reload starts from what was stored.
    vi.resetModules();
    const reloaded = await import('./autoBetPanelState');
    expect(reloaded.useAutoBetPanelMinimised.getState().minimised).toBe(true);

    await tap('autobet-chip');
    expect(localStorage.getItem('lobby.autoBetPanel.minimised')).toBe('0');
  });
});

import { FAVOURITE_GAMES_CAP, type Game } from '@lobby/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../session';
import { FavouritesFullError, shelfKeys, useFavourites, useGameSearch, useRecordPlayed, useToggleFavourite } from './shelves';

const call = vi.fn();
vi.mock('../../api', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));

const game = (id: number): Game => ({ id, gameType: 10, nameEn: `Game ${id}` }) as Game;
const tick = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
let client: QueryClient;
let hooks: { toggle: ReturnType<typeof useToggleFavourite>; record: ReturnType<typeof useRecordPlayed>; favourites: Game[] | undefined };

function Probe({ keyword = '' }: { keyword?: string }) {
  hooks = { toggle: useToggleFavourite(), record: useRecordPlayed(), favourites: useFavourites().data };
  useGameSearch(keyword);
  return null;
}

async function render(keyword?: string) {
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <Probe keyword={keyword} />
      </QueryClientProvider>,
    ),
  );
  await tick();
}

const paths = () => call.mock.calls.map(([ref]) => (ref as { path: string }).path);

beforeEach(() => {
  signIn('tok', { id: 1 } as Parameters<typeof signIn>[1]);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  clearSession();
  call.mockReset();
});

describe('favourites', () => {
  it('show a new favourite at once, and take it back when the server refuses it', async () => {
    let refuse: (error: Error) => void = () => undefined;
    call.mockImplementation(async (ref: { path: string }) => {
      if (ref.path === '/v1/lobby/favourites') return { list: [game(1)], cap: FAVOURITE_GAMES_CAP };
      if (ref.path === '/v1/lobby/favourite/add') return new Promise((_resolve, reject) => (refuse = reject));
      return null;
    });
    await render();
    expect(hooks.favourites?.map((g) => g.id)).toEqual([1]);

    let adding!: Promise<void>;
    await act(async () => {
      adding = hooks.toggle(game(2), true);
    });
    expect(client.getQueryData<Game[]>(shelfKeys.favourites())?.map((g) => g.id)).toEqual([2, 1]);
    await act(async () => {
      refuse(new Error('refused'));
      await adding.catch(() => undefined);
    });
    expect(client.getQueryData<Game[]>(shelfKeys.favourites())?.map((g) => g.id)).toEqual([1]);
  });

  it(`refuses a ${FAVOURITE_GAMES_CAP + 1}st favourite in the app, without asking the server`, async () => {
    const full = Array.from({ length: FAVOURITE_GAMES_CAP }, (_, index) => game(index + 1));
    call.mockImplementation(async (ref: { path: string }) => (ref.path === '/v1/lobby/favourites' ? { list: full, cap: FAVOURITE_GAMES_CAP } : null));
    await render();
    call.mockClear();
    await expect(hooks.toggle(game(999), true)).rejects.toBeInstanceOf(FavouritesFullError);
    expect(paths()).toEqual([]);
    // Taking one off is still possible.
    await act(async () => hooks.toggle(full[0], false));
    expect(paths()).toContain('/v1/lobby/favourite/remove');
  });
});

describe('recently played', () => {
  it('records a hash game here and leaves third-party games to the server, then reads the row again', async () => {
    call.mockResolvedValue({ list: [], cap: FAVOURITE_GAMES_CAP });
    await render();
    call.mockClear();
    await act(async () => hooks.record(game(3), true));
    expect(call.mock.calls.find(([ref]) => ref.path === '/v1/lobby/recentGames/add')?.[1]).toEqual({ gameId: 3 });
    call.mockClear();
    await act(async () => hooks.record(game(100_001), false));
    expect(paths()).not.toContain('/v1/lobby/recentGames/add');
  });

  it('records nothing for a visitor', async () => {
    clearSession();
    await render();
    await act(async () => hooks.record(game(3), true));
    expect(paths()).toEqual([]);
  });
});

describe('the lobby search', () => {
  it('asks nothing for an empty keyword, and one trimmed keyword otherwise', async () => {
    call.mockResolvedValue({ list: [], cap: FAVOURITE_GAMES_CAP });
    await render('   ');
    expect(paths()).not.toContain('/v1/lobby/searchGames');
    await render('  rocket   crash ');
    expect(call.mock.calls.find(([ref]) => ref.path === '/v1/lobby/searchGames')?.[1]).toMatchObject({ keyword: 'rocket crash' });
  });
});

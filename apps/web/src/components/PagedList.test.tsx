import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, settle } from '../testing/screen';
import { PagedList, type PagedQuery } from './PagedList';

vi.mock('@ionic/react', () => import('../testing/screen').then((m) => m.ionicStub));

/** The end-of-list sentinels observed, so a test can scroll one into view. */
const observed: { callback: IntersectionObserverCallback; node: Element }[] = [];
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(node: Element) {
    observed.push({ callback: this.callback, node });
  }
  disconnect() {
    observed.splice(0, observed.length);
  }
}
vi.stubGlobal('IntersectionObserver', FakeObserver);
afterEach(() => observed.splice(0, observed.length));

const query = (over: Partial<PagedQuery> = {}): PagedQuery => ({
  isPending: false,
  isError: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(),
  ...over,
});

const list = (q: PagedQuery, count: number) => (
  <PagedList
    query={q}
    count={count}
    className="card"
    error={<p data-testid="failed">failed</p>}
    empty={<p data-testid="none">none</p>}
    more={{ label: 'More', testId: 'more' }}
    end={{ label: 'That is all', testId: 'end', className: 'end' }}
  >
    <ul data-testid="rows" />
  </PagedList>
);

describe('PagedList', () => {
  it('shows a skeleton and neither rows nor states while the first page loads', async () => {
    const view = await renderScreen(list(query({ isPending: true }), 0));
    expect(view.container.querySelectorAll('.card .skeleton')).toHaveLength(3);
    for (const id of ['rows', 'none', 'failed', 'more', 'end']) expect(view.byTestId(id)).toBeNull();
  });

  it('shows the empty state for no rows, and the error instead when loading failed', async () => {
    expect((await renderScreen(list(query(), 0))).byTestId('none')).not.toBeNull();
    const failed = await renderScreen(list(query({ isError: true }), 0));
    expect(failed.byTestId('failed')).not.toBeNull();
    expect(failed.byTestId('none')).toBeNull();
  });

  it('keeps the rows shown when a later page fails', async () => {
    const view = await renderScreen(list(query({ isError: true, hasNextPage: true }), 20));
    expect(view.byTestId('rows')).not.toBeNull();
    expect(view.byTestId('failed')).toBeNull();
  });

  it('loads the next page when the end scrolls into view or More is pressed, and says when there is no more', async () => {
    const fetchNextPage = vi.fn();
    const view = await renderScreen(list(query({ hasNextPage: true, fetchNextPage }), 20));
    expect(observed).toHaveLength(1);
    observed[0].callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    await view.click('more');
    expect(fetchNextPage).toHaveBeenCalledTimes(2);

    const last = await renderScreen(list(query({ hasNextPage: false }), 20));
    await settle();
    expect(last.byTestId('more')).toBeNull();
    expect(last.byTestId('end')?.textContent).toBe('That is all');
  });

  it('does not ask again while the next page is on its way', async () => {
    const fetchNextPage = vi.fn();
    await renderScreen(list(query({ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }), 20));
    observed[0].callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(fetchNextPage).not.toHaveBeenCalled();
  });
});

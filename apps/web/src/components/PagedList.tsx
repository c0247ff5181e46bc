import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './Button';

/** What a paged list needs of an infinite query (TanStack's `useInfiniteQuery` result fits). */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

interface PagedListProps {
  query: PagedQuery;
  /** How many rows are shown: none means the empty state (or the error, when loading failed). */
  count: number;
  /** Skeleton instead of the list; the query's first load unless the screen knows better. */
  loading?: boolean;
  /** The card around the list and around the skeleton. */
  className: string;
  error: ReactNode;
  empty: ReactNode;
  /** The rows: a `<ul>` of the screen's own. */
  children: ReactNode;
  /** The button that loads the next page by hand, for when scrolling does not. */
  more: { label: string; testId: string };
  /** The line under the last page. */
  end: { label: string; testId: string; className: string };
}

/**
 * A list read page by page: a skeleton while the first page loads, the error or the empty state when
 * there is nothing to show, else the rows with the next page loading as their end scrolls into view.
 */
export function PagedList({ query, count, loading = query.isPending, className, error, empty, children, more, end }: PagedListProps) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, count, loading]);

  if (loading) {
    return (
      <div className={className} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <span key={i} className="skeleton skeleton--text" />
        ))}
      </div>
    );
  }
  if (count === 0) return <>{query.isError ? error : empty}</>;
  return (
    <section className={className}>
      {children}
      <div ref={sentinel}>
        {hasNextPage ? (
          <Button variant="ghost" size="sm" block busy={isFetchingNextPage} onClick={() => void fetchNextPage()} data-testid={more.testId}>
            {more.label}
          </Button>
        ) : (
          <p className={end.className} data-testid={end.testId}>
            {end.label}
          </p>
        )}
      </div>
    </section>
  );
}

import { Button } from './button';

/** The next page of a list read a page at a time (an infinite query); hidden when there is none. */
export function LoadMore({
  pages,
  label = 'Load more',
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label?: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="flex justify-center p-3">
      <Button variant="outline" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? 'Loading...' : label}
      </Button>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** The next page of a list read a page at a time (an infinite query); hidden when there is none. */
export function LoadMore({
  pages,
  label,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label?: string;
}) {
  const { t } = useTranslation();
  if (!pages.hasNextPage) return null;
  return (
    <div className="flex justify-center p-3">
      <Button variant="outline" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? t('states.loadingMore') : (label ?? t('actions.loadMore'))}
      </Button>
    </div>
  );
}

import { searchApi } from '@contract/search';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '@/lib/api';

/** What the palette shows for the text; nothing is asked for until there is text. */
export const useSearch = (q: string) =>
  useApiQuery(searchApi.search, q ? { query: { q } } : null, {
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

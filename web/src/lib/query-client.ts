import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { queryString, request } from './api-client';

/**
 * The default read: GET the key's parts joined with '/' (['/api', 'tasks'] → /api/tasks), with a
 * trailing object part as the query string. Keys come from lib/api.ts's apiKey. A failure reads
 * '{status}: {response text or status text}'; a 401 fails too; an empty or non-JSON body is null.
 */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const last = queryKey.at(-1);
  const query = last !== null && typeof last === 'object' ? last : undefined;
  const path = (query ? queryKey.slice(0, -1) : queryKey).join('/');
  return (await request('GET', path + queryString(query), { signal, cachedRead: true })) ?? null;
};

/** Reads never go stale on their own and nothing retries: the product's data rules. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single cache; tests may build their own with createQueryClient(). */
export const queryClient = createQueryClient();

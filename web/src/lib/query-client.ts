import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, send } from './api-client';

/**
 * Default read (spec point 7): GET the key parts joined with '/', e.g. ['/api', 'tasks'] → /api/tasks.
 * A failure reads '{status}: {response text or status text}' (spec point 8); a 401 fails too.
 */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const res = await send('GET', queryKey.join('/'), undefined, signal);
  const isJson = /[/+]json\b/i.test(res.headers.get('content-type') ?? '');
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || res.statusText;
    let body: unknown = text;
    if (isJson) {
      try {
        body = JSON.parse(text);
      } catch {
        // keep the raw text
      }
    }
    const fieldErrors =
      body && typeof body === 'object' && 'fieldErrors' in body
        ? (body as { fieldErrors: Record<string, string[]> }).fieldErrors
        : undefined;
    throw new ApiError(res.status, `${res.status}: ${text}`, body, fieldErrors);
  }
  if (res.status === 204 || !isJson) return null;
  return res.json().catch(() => null);
};

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

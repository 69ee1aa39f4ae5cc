import {
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Endpoint, fillPath, type RequestOf, type ResponseOf } from '@contract/endpoint';
import { compactQuery, queryString, request } from './api-client';
import { queryClient } from './query-client';

/**
 * Typed calls derived from the contract's endpoint descriptions: no URL, method or response type is
 * written twice, and no response is cast by hand. Reads are cached under keys derived from the same
 * description, so any feature can refresh another's data by naming its endpoint (the contract is
 * shared; features never import each other). docs/architecture.md shows a whole endpoint end to end.
 */

/**
 * An endpoint whose contract module is loaded when first called. The public pages (sign-in,
 * registration) reference theirs this way: a contract module brings zod along, and the sign-in
 * page's first load stays small without it.
 */
export type LazyEndpoint<E extends Endpoint> = () => Promise<E>;
const resolve = <E extends Endpoint>(endpoint: E | LazyEndpoint<E>): Promise<E> | E =>
  typeof endpoint === 'function' ? endpoint() : endpoint;

/** The URL of a call: the path with its params filled in, then the query string. */
export function apiUrl<E extends Endpoint>(endpoint: E, input: RequestOf<E>): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: object };
  return fillPath(endpoint.path, params) + queryString(query);
}

/** Calls the endpoint (`{}` when it takes no input); resolves with what the contract says it answers. */
export async function call<E extends Endpoint>(
  ref: E | LazyEndpoint<E>,
  input: RequestOf<E>,
  signal?: AbortSignal,
): Promise<ResponseOf<E>> {
  const endpoint = await resolve(ref);
  const { body } = input as { body?: unknown };
  const result = await request(endpoint.method, apiUrl(endpoint, input), {
    body: body ?? (endpoint.method === 'GET' ? undefined : {}),
    signal,
    text: Boolean(endpoint.produces),
  });
  return result as ResponseOf<E>;
}

/**
 * The cache key of a read: the path's segments with the params in place, then the query (when
 * there is one): `['/api', 'chat', id, 'messages', {limit: 50}]`. Its string parts joined with '/'
 * are the path, which is how the default read (lib/query-client.ts) finds what to GET. Without
 * input it stops at the first param (`['/api', 'chat']`): a prefix that names every read under it,
 * so refreshing `/api/time-entries` also refreshes `/api/time-entries/summary`.
 */
export function apiKey<E extends Endpoint>(endpoint: E, input?: RequestOf<E>): QueryKey {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: object };
  const key: unknown[] = [];
  for (const segment of endpoint.path.split('/').filter(Boolean)) {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (param && !params) return key;
    const part = param ? String(params?.[param]) : segment;
    key.push(key.length === 0 ? `/${part}` : part);
  }
  const compact = compactQuery(query);
  return Object.keys(compact).length ? [...key, compact] : key;
}

/** A cached read of the endpoint (GET through the default read, with its failure message). */
export function useApiQuery<E extends Endpoint>(
  endpoint: E,
  input?: RequestOf<E> | null,
  options: Omit<UseQueryOptions<ResponseOf<E>, Error, ResponseOf<E>, QueryKey>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<ResponseOf<E>, Error, ResponseOf<E>, QueryKey>({
    queryKey: apiKey(endpoint, input ?? undefined),
    ...options,
    enabled: input !== null && (options.enabled ?? true),
  });
}

/**
 * A list read a page at a time (`limit` + a cursor named `before` or `after`): `next` picks the
 * cursor for the following page from the last page, or undefined when there is none.
 */
export function useApiPages<E extends Endpoint>(
  endpoint: E,
  input: RequestOf<E>,
  options: {
    pageSize: number;
    next: (lastPage: ResponseOf<E>) => string | undefined;
    cursor?: 'before' | 'after';
    enabled?: boolean;
    /** Keep showing the previous list while another query's first page loads (search as you type). */
    keepPrevious?: boolean;
  },
) {
  const { query, ...rest } = input as { query?: object };
  const page = (cursor: string | undefined) =>
    ({
      ...rest,
      query: { ...query, limit: options.pageSize, [options.cursor ?? 'before']: cursor },
    }) as RequestOf<E>;
  return useInfiniteQuery<
    ResponseOf<E>,
    Error,
    InfiniteData<ResponseOf<E>, string | undefined>,
    QueryKey,
    string | undefined
  >({
    queryKey: [...apiKey(endpoint, input), 'pages'],
    initialPageParam: undefined,
    queryFn: ({ pageParam, signal }) => call(endpoint, page(pageParam), signal),
    getNextPageParam: (last) => options.next(last),
    enabled: options.enabled,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

/** Refreshes every cached read of the endpoints (all their params and queries). */
export async function refresh(...endpoints: readonly (Endpoint | LazyEndpoint<Endpoint>)[]): Promise<void> {
  await Promise.all(
    endpoints.map(async (e) => queryClient.invalidateQueries({ queryKey: apiKey(await resolve(e)) })),
  );
}

/** A write's input; one that needs nothing may be called as `mutate()`. */
type MutationInput<E extends Endpoint> =
  object extends RequestOf<E> ? RequestOf<E> | undefined : RequestOf<E>;

/** What a caller of `mutate` may do once this one call is settled (a toast, closing its dialog). */
export type CallCallbacks<E extends Endpoint> = {
  onSuccess?: (result: ResponseOf<E>, input: MutationInput<E>) => unknown;
  onError?: (error: Error, input: MutationInput<E>) => unknown;
  onSettled?: () => unknown;
};

/** `mutate(input, callbacks)`; a write that needs no input may be called as `mutate()`. */
type MutateArgs<E extends Endpoint> =
  undefined extends MutationInput<E>
    ? [input?: MutationInput<E>, callbacks?: CallCallbacks<E>]
    : [input: MutationInput<E>, callbacks?: CallCallbacks<E>];

/**
 * A write. `refreshes` names the reads it changes; they are refetched before the mutation counts
 * as done, so a success toast appears once the screen already shows the change.
 *
 * The callbacks given to `mutate` run even when the component that called it is gone by then.
 * TanStack drops them once their component unmounts, and a write often removes the very row whose
 * dialog made it (deleting a task refetches the list, the card and its dialog leave before the last
 * refetch ends): its toast would vanish at random, depending on which refetch answered first.
 */
export function useApiMutation<E extends Endpoint>(
  endpoint: E | LazyEndpoint<E>,
  options: {
    refreshes?: readonly (Endpoint | LazyEndpoint<Endpoint>)[];
    onSuccess?: (result: ResponseOf<E>, input: MutationInput<E>) => unknown;
    onError?: (error: Error, input: MutationInput<E>) => unknown;
  } = {},
) {
  const mutation = useMutation<ResponseOf<E>, Error, MutationInput<E>>({
    mutationFn: (input) => call(endpoint, (input ?? {}) as RequestOf<E>),
    onSuccess: async (result, input) => {
      await options.onSuccess?.(result, input);
      if (options.refreshes) await refresh(...options.refreshes);
    },
    onError: options.onError,
  });
  const { mutateAsync } = mutation;
  const mutate = useCallback(
    (...[input, callbacks]: MutateArgs<E>) => {
      mutateAsync(input as MutationInput<E>)
        .then(
          (result) => callbacks?.onSuccess?.(result, input as MutationInput<E>),
          (error: Error) => callbacks?.onError?.(error, input as MutationInput<E>),
        )
        .finally(() => callbacks?.onSettled?.());
    },
    [mutateAsync],
  );
  return { ...mutation, mutate };
}

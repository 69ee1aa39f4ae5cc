// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { createElement, useEffect } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tasksApi } from '@contract/tasks';
import { type CallCallbacks, useApiMutation } from './api';
import { queryClient } from './query-client';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A fetch that answers only when the test says so. */
function heldFetch(status: number, body: unknown) {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await answered;
      return new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return answer;
}

/** A row that deletes its task as soon as it is shown, the way a confirmed dialog would. */
function DeletingRow({ callbacks }: { callbacks: CallCallbacks<typeof tasksApi.remove> }) {
  const remove = useApiMutation(tasksApi.remove);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one call, when the row first shows
  useEffect(() => remove.mutate({ params: { id: 't1' } }, callbacks), []);
  return null;
}

async function deleteThenUnmount(status: number, body: unknown) {
  const answer = heldFetch(status, body);
  const callbacks = { onSuccess: vi.fn(), onError: vi.fn(), onSettled: vi.fn() };
  const root = createRoot(document.createElement('div'));
  await act(async () =>
    root.render(
      createElement(QueryClientProvider, { client: queryClient }, createElement(DeletingRow, { callbacks })),
    ),
  );
  // The list refetched and the row left before the write answered.
  await act(async () => root.unmount());
  answer();
  await vi.waitFor(() => expect(callbacks.onSettled).toHaveBeenCalled());
  return callbacks;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useApiMutation', () => {
  it("runs a call's onSuccess after its component is gone (the toast of a deleted row)", async () => {
    const callbacks = await deleteThenUnmount(204, undefined);
    expect(callbacks.onSuccess).toHaveBeenCalledOnce();
    expect(callbacks.onError).not.toHaveBeenCalled();
  });

  it("runs a call's onError after its component is gone, with the server's message", async () => {
    const callbacks = await deleteThenUnmount(409, {
      message: 'The task changed meanwhile; reload and try again',
    });
    expect(callbacks.onSuccess).not.toHaveBeenCalled();
    expect(callbacks.onError).toHaveBeenCalledOnce();
    expect(callbacks.onError.mock.calls[0][0].message).toBe(
      'The task changed meanwhile; reload and try again',
    );
  });
});

import { expect } from 'vitest';
import type { TestApi } from './harness';

/** A task created through the API by `api`'s user (answered 201): the created task. */
export async function createTask(api: TestApi, body: Record<string, unknown>) {
  const res = await api.post('/api/tasks', body);
  expect(res.statusCode).toBe(201);
  return res.json();
}

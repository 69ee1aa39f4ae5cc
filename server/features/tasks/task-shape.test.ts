import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskCommentSchema, taskSchema } from '@contract/tasks';
import { createTestApp, type TestContext } from '../../test/harness';

// The task lists are built as JSON by PostgreSQL (tasks.queries.ts) and written out unchanged in
// production, so nothing else checks their shape there: this test holds the SQL to the contract,
// field for field, in both directions.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: 'production' } });
});
afterAll(() => t.close());

const keys = (value: object) => Object.keys(value).sort();

describe('a task built in SQL', () => {
  it('has exactly the fields of the contract, its comments too, on every read', async () => {
    const { user, api } = await t.userClient('manager');
    const created = await api.post('/api/tasks', { title: 'Shape check', assigneeId: user.id });
    expect(created.statusCode).toBe(201);
    const task = created.json();
    expect((await api.post(`/api/tasks/${task.id}/comments`, { text: 'A comment' })).statusCode).toBe(201);

    const reads = [
      (await api.get('/api/tasks')).json()[0],
      (await api.get('/api/my-tasks')).json()[0],
      (await api.patch(`/api/tasks/${task.id}/pause`)).json(),
    ];
    for (const read of reads) {
      expect(keys(read)).toEqual(keys(taskSchema.shape));
      expect(read.comments).toHaveLength(1);
      expect(keys(read.comments[0])).toEqual(keys(taskCommentSchema.shape));
      expect(taskSchema.safeParse(read).success).toBe(true);
    }
  });
});

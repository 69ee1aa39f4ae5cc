import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REWORK_REASON_REQUIRED, SUBMISSION_NOTES, SUBMIT_ONLY_ASSIGNEE, tasksApi } from '@contract/tasks';
import type { RequestOf } from '@contract/endpoint';

type ReviewInput = RequestOf<typeof tasksApi.review>['body'];
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';
import { REVIEW_OWN_TASK } from './tasks.service';
import { english } from '../../test/messages';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createTask(api: TestApi, body: { title: string; assigneeId?: string }) {
  const res = await api.call(tasksApi.create, { body });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** The task as a reviewer's list shows it. */
async function load(api: TestApi, id: string) {
  return (await api.call(tasksApi.list)).json().find((task) => task.id === id);
}

const review = (api: TestApi, id: string, body: ReviewInput) =>
  api.call(tasksApi.review, { params: { id }, body });

const submit = (api: TestApi, id: string) =>
  api.call(tasksApi.submit, { params: { id }, body: { submissionNotes: SUBMISSION_NOTES } });

/** A manager's task for an employee, and every other kind of person who might try to act on it. */
async function people() {
  const creator = await t.userClient('manager');
  const assignee = await t.userClient('employee');
  const otherManager = await t.userClient('manager');
  const admin = await t.userClient('admin');
  const otherEmployee = await t.userClient('employee');
  const task = await createTask(creator.api, {
    title: 'Write the rollout plan',
    assigneeId: assignee.user.id,
  });
  return { creator, assignee, otherManager, admin, otherEmployee, task };
}

describe('submitting a task for review', () => {
  it('is refused (403) to the creating manager, another manager and an admin, and leaves the task as it was', async () => {
    const { creator, otherManager, admin, task } = await people();
    for (const { api } of [creator, otherManager, admin]) {
      const res = await submit(api, task.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: SUBMIT_ONLY_ASSIGNEE, message: english(SUBMIT_ONLY_ASSIGNEE) });
    }
    expect(await load(creator.api, task.id)).toMatchObject({
      status: 'todo',
      reviewStatus: null,
      submittedAt: null,
    });
  });

  it('is not even shown to an employee who is not the assignee (404, as for every other action)', async () => {
    const { otherEmployee, task } = await people();
    const res = await submit(otherEmployee.api, task.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'task_not_found', message: 'Task not found' });
  });

  it('is the assignee’s act, and then a reviewer can approve it', async () => {
    const { creator, assignee, task } = await people();
    const submitted = await submit(assignee.api, task.id);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'pending_review', reviewStatus: 'pending' });
    const approved = await review(creator.api, task.id, { action: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'completed', reviewStatus: 'approved' });
  });

  it('is the creator’s act for a task of their own, whatever their role', async () => {
    for (const role of ['employee', 'manager', 'admin'] as const) {
      const { api } = await t.userClient(role);
      const own = await createTask(api, { title: `My own ${role} task` });
      const res = await submit(api, own.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('pending_review');
    }
  });
});

describe('sending a task back for rework', () => {
  async function pending() {
    const all = await people();
    expect((await submit(all.assignee.api, all.task.id)).statusCode).toBe(200);
    return all;
  }

  it('needs a reason: without one it is a 400 that says so, and the task stays pending review', async () => {
    const { creator, admin, task } = await pending();
    for (const body of [
      { action: 'rework' },
      { action: 'rework', reviewComments: '' },
      { action: 'rework', reviewComments: '   \n ' },
    ] as const) {
      for (const { api } of [creator, admin]) {
        const res = await review(api, task.id, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(english(REWORK_REASON_REQUIRED));
        expect(res.json().fieldErrors?.reviewComments).toEqual([english(REWORK_REASON_REQUIRED)]);
      }
    }
    expect(await load(creator.api, task.id)).toMatchObject({
      status: 'pending_review',
      reviewStatus: 'pending',
    });
  });

  it('with a reason it goes back to the assignee, who reads it', async () => {
    const { otherManager, assignee, task } = await pending();
    const res = await review(otherManager.api, task.id, {
      action: 'rework',
      reviewComments: '  Add the rollback steps. ',
    });
    expect(res.statusCode).toBe(200);
    const [mine] = (await assignee.api.call(tasksApi.listMine)).json();
    expect(mine).toMatchObject({
      status: 'in_progress',
      reviewStatus: 'rework',
      reviewComments: 'Add the rollback steps.',
    });
  });

  it('is still the reviewers’ act: the assignee gets 403, another employee 403 as well', async () => {
    const { assignee, otherEmployee, task } = await pending();
    for (const { api } of [assignee, otherEmployee]) {
      const res = await review(api, task.id, { action: 'rework', reviewComments: 'No' });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('reviewing one’s own submission', () => {
  it('is refused (403) to a manager or admin who submitted the task; another manager approves it', async () => {
    const other = await t.userClient('manager');
    for (const role of ['manager', 'admin'] as const) {
      const { api } = await t.userClient(role);
      const own = await createTask(api, { title: `Self-review ${role}` });
      expect((await submit(api, own.id)).statusCode).toBe(200);
      for (const action of ['approve', 'rework'] as const) {
        const res = await review(api, own.id, { action, reviewComments: 'Looks fine' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: REVIEW_OWN_TASK, message: english(REVIEW_OWN_TASK) });
      }
      expect(await load(api, own.id)).toMatchObject({ status: 'pending_review', reviewStatus: 'pending' });
    }
    const assigneeManager = await t.userClient('manager');
    const forColleague = await createTask(other.api, {
      title: 'Colleague work',
      assigneeId: assigneeManager.user.id,
    });
    expect((await submit(assigneeManager.api, forColleague.id)).statusCode).toBe(200);
    const approved = await review(other.api, forColleague.id, { action: 'approve' });
    expect(approved.statusCode).toBe(200);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatApi, type CreateConversationBody } from '@contract/chat';
import { projectsApi } from '@contract/projects';
import { searchApi } from '@contract/search';
import { type CreateTaskRequest, tasksApi } from '@contract/tasks';
import { createTestApp, type TestContext, type TestApi } from '../../test/harness';
import { prefixQuery } from './search.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (api: TestApi, q: string) => api.call(searchApi.search, { query: { q } });
const find = async (api: TestApi, q: string) => {
  const res = await search(api, q);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const createTask = (api: TestApi, body: CreateTaskRequest) => api.call(tasksApi.create, { body });
const openConversation = (api: TestApi, body: CreateConversationBody) =>
  api.call(chatApi.createConversation, { body });
const send = (api: TestApi, id: string, content: string) =>
  api.call(chatApi.send, { params: { id }, body: { content } });

describe('prefixQuery', () => {
  it('keeps only words, each as a prefix, so no input is tsquery syntax', () => {
    expect(prefixQuery('Ann  Lee')).toBe('ann:* & lee:*');
    expect(prefixQuery("o'brien & (x | !y):*")).toBe('o:* & brien:* & x:* & y:*');
    expect(prefixQuery("' & :* ! ( <-> \\")).toBeNull();
    expect(prefixQuery('Café ÉTÉ 42')).toBe('café:* & été:* & 42:*');
  });
});

describe('GET /api/search', () => {
  it('needs a session', async () => {
    const res = await search(t.anonymous, 'anything');
    expect(res.statusCode).toBe(401);
  });

  it('refuses empty and overlong text with a clear message', async () => {
    const { api } = await t.userClient('employee');
    for (const res of [await api.call(searchApi.search), await search(api, ''), await search(api, '  ')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors?.q).toEqual(['Type something to search for']);
    }
    const long = await search(api, 'a'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors?.q).toEqual(['Search text is too long (at most 100 characters)']);
    expect((await search(api, 'a'.repeat(100))).statusCode).toBe(200);
  });

  it('answers tsquery syntax and punctuation without an error, matching the words around it', async () => {
    const { api } = await t.userClient('employee');
    await createTask(api, { title: "Call O'Brien about the quokka invoice" });
    for (const q of [
      "'",
      '&',
      ':*',
      '!',
      '(',
      ')',
      '|',
      '<->',
      '\\',
      "a'b",
      'x:*&!(y',
      '%_',
      '"quoted"',
      '*',
    ]) {
      const res = await search(api, q);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await find(api, '!')).tasks).toEqual([]);
    expect((await find(api, "o'bri")).tasks.map((x) => x.title)).toEqual([
      "Call O'Brien about the quokka invoice",
    ]);
    expect((await find(api, 'QUOKKA & (invoice')).tasks).toHaveLength(1);
  });

  it('shows employees only their own tasks; managers and admins every task', async () => {
    const { user: ann, api: annApi } = await t.userClient('employee', { firstName: 'Ann', lastName: 'Own' });
    const { api: bobApi } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    expect((await createTask(annApi, { title: 'Walrus migration plan' })).statusCode).toBe(201);
    expect((await createTask(bobApi, { title: 'Walrus budget review' })).statusCode).toBe(201);
    const assigned = await createTask(manager, { title: 'Walrus onboarding', assigneeId: ann.id });
    expect(assigned.statusCode).toBe(201);

    const annSees = (await find(annApi, 'walr')).tasks.map((x) => x.title).sort();
    expect(annSees).toEqual(['Walrus migration plan', 'Walrus onboarding']);
    expect((await find(bobApi, 'walrus')).tasks.map((x) => x.title)).toEqual(['Walrus budget review']);
    for (const api of [manager, admin]) {
      expect((await find(api, 'walrus')).tasks).toHaveLength(3);
    }
    // Newest first, with the assignee named.
    const managerSees = (await find(manager, 'walrus onboard')).tasks;
    expect(managerSees).toEqual([
      expect.objectContaining({ title: 'Walrus onboarding', assignee: 'Ann Own' }),
    ]);
  });

  it('returns at most five of each group, newest first', async () => {
    const { api } = await t.userClient('employee');
    for (let i = 1; i <= 7; i++) await createTask(api, { title: `Narwhal step ${i}` });
    const tasks = (await find(api, 'narwhal')).tasks.map((x) => x.title);
    expect(tasks).toEqual([
      'Narwhal step 7',
      'Narwhal step 6',
      'Narwhal step 5',
      'Narwhal step 4',
      'Narwhal step 3',
    ]);
  });

  it('finds projects for every role', async () => {
    const { api: manager } = await t.userClient('manager');
    const { api: employee } = await t.userClient('employee');
    const created = await manager.call(projectsApi.create, {
      body: { name: 'Pelican relaunch', description: 'Website' },
    });
    expect(created.statusCode).toBe(201);
    expect((await find(employee, 'pelic')).projects).toEqual([
      { id: created.json().id, name: 'Pelican relaunch', status: 'active' },
    ]);
  });

  it('never shows messages of conversations the caller is not in, direct ones included', async () => {
    const { user: ann, api: annApi } = await t.userClient('employee', {
      firstName: 'Ann',
      lastName: 'Sender',
    });
    const { user: bob, api: bobApi } = await t.userClient('employee', {
      firstName: 'Bob',
      lastName: 'Reader',
    });
    const { api: carol } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    const direct = (await openConversation(annApi, { type: 'direct', participantIds: [bob.id] })).json();
    const sent = await send(annApi, direct.id, 'The flamingo password is secret');
    expect(sent.statusCode).toBe(201);
    const group = (
      await openConversation(bobApi, { type: 'group', name: 'Birds', participantIds: [ann.id] })
    ).json();
    await send(bobApi, group.id, 'Flamingo photos are up');

    const annSees = (await find(annApi, 'flamingo')).messages;
    expect(annSees.map((m) => m.content)).toEqual([
      'Flamingo photos are up',
      'The flamingo password is secret',
    ]);
    expect(annSees[1]).toMatchObject({
      conversationId: direct.id,
      conversation: 'Bob Reader',
      senderName: 'Ann Sender',
    });
    expect(annSees[0]).toMatchObject({
      conversationId: group.id,
      conversation: 'Birds',
      senderName: 'Bob Reader',
    });
    expect((await find(bobApi, 'flamingo')).messages[1]).toMatchObject({ conversation: 'Ann Sender' });
    for (const outsider of [carol, manager, admin]) {
      expect((await find(outsider, 'flamingo')).messages).toEqual([]);
    }
  });

  it("finds a match older than a busy conversation's newest 200 messages, newest first", async () => {
    const { user: ann, api: annApi } = await t.userClient('employee');
    const { api: outsider } = await t.userClient('employee');
    const other = await t.createUser('employee');
    const created = await openConversation(annApi, {
      type: 'group',
      name: 'Busy',
      participantIds: [other.id],
    });
    const busy = created.json().id;
    // Two old matches, then 250 newer messages without the word.
    await t.db.execute(sql`insert into messages (conversation_id, sender_id, content, created_at)
      select ${busy}::uuid, ${ann.id}::uuid, 'Pangolin report ' || g, now() - interval '10 days' + g * interval '1 minute'
      from generate_series(1, 2) g`);
    await t.db.execute(sql`insert into messages (conversation_id, sender_id, content, created_at)
      select ${busy}::uuid, ${ann.id}::uuid, 'Routine update ' || g, now() - interval '1 day' + g * interval '1 second'
      from generate_series(1, 250) g`);
    expect((await find(annApi, 'pangolin')).messages.map((m) => m.content)).toEqual([
      'Pangolin report 2',
      'Pangolin report 1',
    ]);
    expect((await find(annApi, 'routine')).messages).toHaveLength(5);
    expect((await find(annApi, 'routine')).messages[0].content).toBe('Routine update 250');
    expect((await find(outsider, 'pangolin')).messages).toEqual([]);
  });

  it('finds matches just beyond a busy window that are newer than the hits elsewhere', async () => {
    const { user: ann, api: annApi } = await t.userClient('employee');
    const other = await t.createUser('employee');
    const open = async (name: string) =>
      (await openConversation(annApi, { type: 'group', name, participantIds: [other.id] })).json().id;
    const busy = await open('Chatty');
    const quiet = await open('Quiet');
    // Quiet: ten older matches. Chatty: three newer matches, then 250 newer messages without the word.
    await t.db.execute(sql`insert into messages (conversation_id, sender_id, content, created_at)
      select ${quiet}::uuid, ${ann.id}::uuid, 'Ocelot quiet ' || g, now() - interval '5 days' + g * interval '1 minute'
      from generate_series(1, 10) g`);
    await t.db.execute(sql`insert into messages (conversation_id, sender_id, content, created_at)
      select ${busy}::uuid, ${ann.id}::uuid, 'Ocelot chatty ' || g, now() - interval '2 days' + g * interval '1 minute'
      from generate_series(1, 3) g`);
    await t.db.execute(sql`insert into messages (conversation_id, sender_id, content, created_at)
      select ${busy}::uuid, ${other.id}::uuid, 'Lunch plans ' || g, now() - interval '1 day' + g * interval '1 second'
      from generate_series(1, 250) g`);
    expect((await find(annApi, 'ocelot')).messages.map((m) => m.content)).toEqual([
      'Ocelot chatty 3',
      'Ocelot chatty 2',
      'Ocelot chatty 1',
      'Ocelot quiet 10',
      'Ocelot quiet 9',
    ]);
  });

  it('finds a task older than the newest 500, for managers and for its assignee', async () => {
    const { user: ann, api: annApi } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    // An old match, then 520 newer tasks without the word (the first look reads the newest 500).
    await t.db.execute(sql`insert into tasks (title, assignee_id, created_at)
      values ('Axolotl tank audit', ${ann.id}::uuid, now() - interval '30 days')`);
    await t.db.execute(sql`insert into tasks (title, assignee_id, created_at)
      select 'Routine chore ' || g, ${ann.id}::uuid, now() - interval '1 day' + g * interval '1 second'
      from generate_series(1, 520) g`);
    for (const api of [manager, annApi])
      expect((await find(api, 'axolotl')).tasks.map((x) => x.title)).toEqual(['Axolotl tank audit']);
    const chores = (await find(annApi, 'routine chore')).tasks.map((x) => x.title);
    expect(chores).toEqual([
      'Routine chore 520',
      'Routine chore 519',
      'Routine chore 518',
      'Routine chore 517',
      'Routine chore 516',
    ]);
    // An employee with few tasks is answered from the first look alone, a miss included.
    const { api: fewApi } = await t.userClient('employee');
    expect((await createTask(fewApi, { title: 'Quokka census' })).statusCode).toBe(201);
    expect((await find(fewApi, 'quokka')).tasks.map((x) => x.title)).toEqual(['Quokka census']);
    expect((await find(fewApi, 'axolotl')).tasks).toEqual([]);
  });

  it('lists people as the directory does; admins also find pending and suspended accounts', async () => {
    const active = await t.createUser('manager', { firstName: 'Ibis', lastName: 'Active' });
    const pending = await t.createUser('employee', {
      firstName: 'Ibis',
      lastName: 'Pending',
      approvalStatus: 'pending',
    });
    const suspended = await t.createUser('employee', {
      firstName: 'Ibis',
      lastName: 'Suspended',
      isActive: false,
    });
    const { api: employee } = await t.userClient('employee');
    const { api: manager } = await t.userClient('manager');
    const { api: admin } = await t.userClient('admin');
    for (const api of [employee, manager]) {
      const people = (await find(api, 'ibis')).people;
      expect(people).toEqual([{ id: active.id, name: 'Ibis Active', role: 'manager', status: 'active' }]);
      expect(JSON.stringify(people)).not.toMatch(/email|password/i);
    }
    const adminSees = (await find(admin, 'ibis')).people;
    expect(adminSees.map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [active.id, 'active'],
        [pending.id, 'pending'],
        [suspended.id, 'suspended'],
      ].sort(),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { chatApi } from '@contract/chat';
import { tasksApi } from '@contract/tasks';
import { timeEntriesApi } from '@contract/time-entries';
import { apiKey, apiUrl } from './api';

describe('keys and URLs derived from the contract', () => {
  it('splits the path into segments whose join is the path', () => {
    const key = apiKey(chatApi.messages, { params: { id: 'c1' }, query: { limit: 50 } });
    expect(key).toEqual(['/api', 'chat', 'c1', 'messages', { limit: 50 }]);
    expect(key.filter((p) => typeof p === 'string').join('/')).toBe('/api/chat/c1/messages');
  });

  it('names every read under a path by its start, so one refresh covers the summary too', () => {
    expect(apiKey(timeEntriesApi.list)).toEqual(['/api', 'time-entries']);
    expect(apiKey(timeEntriesApi.summary).slice(0, 2)).toEqual(apiKey(timeEntriesApi.list));
    expect(apiKey(chatApi.messages)).toEqual(['/api', 'chat']);
  });

  it('leaves unset query values out of keys and URLs', () => {
    expect(apiKey(tasksApi.list, { query: { status: undefined, search: '' } })).toEqual(['/api', 'tasks']);
    expect(apiUrl(tasksApi.list, { query: { status: 'todo', search: '' } })).toBe('/api/tasks?status=todo');
    expect(apiUrl(tasksApi.review, { params: { id: 'a/b' }, body: { action: 'approve' } })).toBe(
      '/api/tasks/a%2Fb/review',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { taskLinkParts } from './format';

const id = '0f8e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('task links in a message', () => {
  it('splits out /tasks/{id}, with or without the host', () => {
    expect(taskLinkParts(`see https://wb.example/tasks/${id} now`)).toEqual([
      { text: 'see ' },
      { text: `https://wb.example/tasks/${id}`, taskId: id },
      { text: ' now' },
    ]);
    expect(taskLinkParts(`/tasks/${id}`)).toEqual([{ text: `/tasks/${id}`, taskId: id }]);
  });
  it('leaves other text alone', () => {
    expect(taskLinkParts('no link /tasks/123')).toEqual([{ text: 'no link /tasks/123' }]);
    expect(taskLinkParts(`/tasks/${id}-more`)).toEqual([{ text: `/tasks/${id}-more` }]);
  });
});

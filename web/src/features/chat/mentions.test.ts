import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt, suggestions } from './mentions';

const people = [
  { id: 'me', name: 'Ana Author', imageUrl: null },
  { id: 'b', name: 'Bea Mentioned', imageUrl: null },
  { id: 'c', name: 'Cal Bell', imageUrl: null },
];

describe('mentions in the composer', () => {
  it('finds the @ being typed at the caret, only at the start of a word', () => {
    expect(mentionAt('Hi @Be', 6)).toEqual({ start: 3, query: 'Be' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('Hi @Bea Men', 11)).toEqual({ start: 3, query: 'Bea Men' });
    expect(mentionAt('mail me@home', 12)).toBeNull();
    expect(mentionAt('no at here', 5)).toBeNull();
    expect(mentionAt('@a\nb', 4)).toBeNull();
  });

  it('suggests others whose first or last name starts with the query', () => {
    expect(suggestions(people, '', 'me').map((p) => p.id)).toEqual(['b', 'c']);
    expect(suggestions(people, 'be', 'me').map((p) => p.id)).toEqual(['b', 'c']);
    expect(suggestions(people, 'bea m', 'me').map((p) => p.id)).toEqual(['b']);
    expect(suggestions(people, 'ana', 'me')).toEqual([]);
  });

  it('replaces the query with the full name and a space', () => {
    expect(insertMention('Hi @Be, ok', 3, 6, 'Bea Mentioned')).toEqual({
      text: 'Hi @Bea Mentioned , ok',
      caret: 18,
    });
  });
});

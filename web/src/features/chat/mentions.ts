import type { Participant } from '@contract/chat';

/** The `@…` being typed where the caret is: its start (the @) and the text after it, else null. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  // The @ starts a word, and a name is at most two words short of the caret (First Last).
  if (at > 0 && !/\s/.test(before.charAt(at - 1))) return null;
  const query = before.slice(at + 1);
  if (query.length > 60 || /\n/.test(query) || query.split(' ').length > 3) return null;
  return { start: at, query };
}

/** The participants whose name (or last name) starts with what was typed, me excluded, at most 8. */
export function suggestions(participants: readonly Participant[], query: string, myId: string | undefined) {
  const q = query.trim().toLowerCase();
  return participants
    .filter((p) => p.id !== myId)
    .filter((p) => {
      const name = p.name.toLowerCase();
      return !q || name.startsWith(q) || name.split(' ').some((word) => word.startsWith(q));
    })
    .slice(0, 8);
}

/** The text with `@query` replaced by `@First Last ` and the caret after it. */
export function insertMention(text: string, start: number, caret: number, name: string) {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

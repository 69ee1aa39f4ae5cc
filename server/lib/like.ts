/** A LIKE/ILIKE pattern matching `text` anywhere, with the user's own %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

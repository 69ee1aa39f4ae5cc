import { AppError } from './errors';

/** Deeper than any request of ours; `JSON.parse` overflows the stack at a few thousand levels. */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting of objects and arrays in JSON text, brackets inside strings not counted. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return deepest;
}

/**
 * A request body: empty text is "no body" (the client sends a JSON content type on every call, also
 * on POSTs without one); nesting deeper than MAX_JSON_DEPTH and anything JSON.parse refuses are
 * 400s; `__proto__` keys are dropped so no handler ever sees one.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new AppError(400, 'json_too_deep', undefined, { max: MAX_JSON_DEPTH });
  }
  try {
    return JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value));
  } catch {
    throw new AppError(400, 'malformed_json');
  }
}

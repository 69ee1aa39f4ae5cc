import type IntlMessageFormat from 'intl-messageformat';

/**
 * The pseudo-locale (docs/decisions/035-languages.md#pseudo-locale): every English message with its
 * letters accented and about 40% longer, its ICU arguments untouched, so a screen shows at once any text
 * that bypasses the message files (it stays plain English) and any layout that cannot take German's
 * long words. Chosen with `localStorage.language = 'pseudo'`; never offered in a picker.
 *
 * It works on the messages as the build leaves them (web/precompile-messages.ts): plain text, or the
 * syntax tree of an ICU message, whose text elements it accents. Loaded only by whoever chooses it.
 */
const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** `<strong>`, `</a>`: the markup of a sentence with a link or emphasis (react-i18next's <Trans>) stays as it is. */
const MARKUP = /(<\/?[A-Za-z0-9]+\s*\/?>)/;

function accentText(text: string): string {
  let out = '';
  for (const part of text.split(MARKUP)) {
    if (MARKUP.test(part)) out += part;
    else for (const ch of part) out += ACCENTED[ch] ?? ch;
  }
  // About 40% longer: German runs about a third longer than English.
  const letters = text
    .split(MARKUP)
    .filter((part) => !MARKUP.test(part))
    .join('')
    .replace(/[^A-Za-z]/g, '').length;
  const extra = Math.ceil(letters * 0.4);
  return extra > 0 ? `${out} ${'·'.repeat(extra)}` : out;
}

/** A message as the build leaves it (web/precompile-messages.ts): plain text, or its ICU syntax tree. */
type Ast = ReturnType<IntlMessageFormat['getAst']>;
type Element = Ast[number];
export type Message = string | Ast;

// The syntax tree's element types (FormatJS's TYPE): text, select, plural, tag.
const LITERAL = 0;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

/**
 * Accents a message's text and leaves its syntax alone: `{name}` and
 * `{count, plural, one {# task} other {# tasks}}` keep their argument names and keywords, and the
 * texts of a plural's or select's cases are accented in turn.
 */
export function pseudoLocalize(message: Message): Message {
  return typeof message === 'string' ? accentText(message) : message.map(pseudoElement);
}

function pseudoElement(element: Element): Element {
  if (element.type === LITERAL) return { ...element, value: accentText(element.value) };
  if (element.type === SELECT || element.type === PLURAL) {
    const options = Object.fromEntries(
      Object.entries(element.options).map(([which, option]) => [
        which,
        { ...option, value: option.value.map(pseudoElement) },
      ]),
    );
    return { ...element, options } as Element;
  }
  if (element.type === TAG) return { ...element, children: element.children.map(pseudoElement) };
  return element;
}

/** A message file with every message pseudo-localized (nested groups kept). */
export function pseudoResources(messages: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [
      key,
      typeof value === 'string' || Array.isArray(value)
        ? pseudoLocalize(value as Message)
        : value && typeof value === 'object'
          ? pseudoResources(value as Record<string, unknown>)
          : value,
    ]),
  );
}

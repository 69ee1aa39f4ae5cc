/**
 * The pseudo-locale (docs/decisions/035-languages.md#pseudo-locale): every English message with its
 * letters accented and about 40% longer, its ICU arguments untouched, so a screen shows at once any text
 * that bypasses the message files (it stays plain English) and any layout that cannot take German's
 * long words. Chosen with `localStorage.language = 'pseudo'`; never offered in a picker.
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

function accentText(text: string): string {
  let out = '';
  for (const ch of text) out += ACCENTED[ch] ?? ch;
  // About 40% longer: German runs about a third longer than English.
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  const extra = Math.ceil(letters * 0.4);
  return extra > 0 ? `${out} ${'·'.repeat(extra)}` : out;
}

/**
 * Accents an ICU message's literal text and leaves its syntax alone: `{name}` and
 * `{count, plural, one {# task} other {# tasks}}` keep their argument names and keywords, and the
 * texts of the plural's cases are accented in turn.
 */
export function pseudoLocalize(message: string): string {
  let out = '';
  let i = 0;
  let literal = '';
  const flush = () => {
    out += accentText(literal);
    literal = '';
  };
  while (i < message.length) {
    const ch = message[i];
    if (ch === "'" && message[i + 1] === "'") {
      literal += "''";
      i += 2;
    } else if (ch === '{') {
      flush();
      const end = matchingBrace(message, i);
      out += argument(message.slice(i + 1, end));
      i = end + 1;
    } else {
      literal += ch;
      i++;
    }
  }
  flush();
  return out;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length - 1;
}

/** `name` or `count, plural, one {…} other {…}`: the keywords stay, each case's message is accented. */
function argument(body: string): string {
  const firstBrace = body.indexOf('{');
  if (firstBrace < 0) return `{${body}}`;
  let out = body.slice(0, firstBrace);
  let i = firstBrace;
  while (i < body.length) {
    if (body[i] === '{') {
      const end = matchingBrace(body, i);
      out += `{${pseudoLocalize(body.slice(i + 1, end))}}`;
      i = end + 1;
    } else {
      out += body[i];
      i++;
    }
  }
  return `{${out}}`;
}

/** A message file with every message pseudo-localized (nested groups kept). */
export function pseudoResources(messages: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? pseudoLocalize(value)
        : value && typeof value === 'object'
          ? pseudoResources(value as Record<string, unknown>)
          : value,
    ]),
  );
}

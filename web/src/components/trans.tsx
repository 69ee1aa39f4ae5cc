import { cloneElement, type ReactElement, type ReactNode } from 'react';

/** `<name>text</name>` or `<name/>` in a message; the tags of the message files are never nested. */
const TAG = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;

/**
 * A sentence with markup from the message files, e.g. `Don't have an account? <a>Register here</a>`:
 * each `<name>…</name>` becomes `components[name]` with the text inside as its children (a tag without
 * a component stays text). What react-i18next's <Trans> does for these sentences, without its HTML
 * parser, which the sign-in page's budget could not carry (docs/decisions/040-login-budget.md).
 */
export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  t: (key: string, values?: Record<string, unknown>) => string;
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner, selfClosing] = match;
    const component = components[name ?? selfClosing];
    parts.push(text.slice(last, match.index));
    if (!component) parts.push(whole);
    else if (inner === undefined) parts.push(cloneElement(component, { key: match.index }));
    else parts.push(cloneElement(component, { key: match.index }, inner));
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import IntlMessageFormat from 'intl-messageformat';

/**
 * The message files, for journeys in another language (docs/decisions/035-languages.md): a journey
 * written with the English texts a person sees finds the same element in German through the files.
 */
const LOCALES = join(import.meta.dirname, '..', 'locales');

function flatten(
  object: Record<string, unknown>,
  area: string,
  prefix = '',
  out = new Map<string, string>(),
) {
  for (const [key, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(`${area}:${path}`, value);
    else if (value && typeof value === 'object') flatten(value as Record<string, unknown>, area, path, out);
  }
  return out;
}

function catalog(language: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(join(LOCALES, language)).filter((f) => f.endsWith('.json')))
    flatten(JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')), file.slice(0, -5), '', out);
  return out;
}

const english = catalog('en');
const german = catalog('de');

/** The German of an English text as the message files have it ('Sign In' → 'Anmelden'), formatted with `values`. */
export function inGerman(text: string, values?: Record<string, string | number>, area?: string): string {
  for (const [key, message] of english) {
    if (area && !key.startsWith(`${area}:`)) continue;
    const formatted = values ? new IntlMessageFormat(message, 'en').format(values) : message;
    if (formatted === text) {
      const translated = german.get(key);
      if (!translated) break;
      return String(values ? new IntlMessageFormat(translated, 'de').format(values) : translated);
    }
    // The text of a link or an emphasis inside a sentence ('Don't have an account? <a>Register here</a>').
    for (const [, tag, inner] of message.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) {
      if (inner !== text) continue;
      const translated = german.get(key);
      const match = translated && new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(translated);
      if (match) return match[1];
    }
  }
  throw new Error(`no message file has the English text "${text}"${area ? ` in ${area}` : ''}`);
}

/** The German message of a key ('common:actions.save'). */
export function germanOf(key: string, values?: Record<string, string | number>): string {
  const message = german.get(key);
  if (!message) throw new Error(`no German message ${key}`);
  return String(new IntlMessageFormat(message, 'de').format(values ?? {}));
}

/**
 * English messages without arguments, at least two words long: seen on a screen in another language,
 * one of them is a text that missed its translation.
 */
export const plainEnglishMessages = () =>
  new Set(
    [...english.values()].filter(
      (m) => !m.includes('{') && /\p{L}{2,}.*\s.*\p{L}{2,}/u.test(m) && m.length >= 6,
    ),
  );

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultLanguage, type Language, languages, pickLanguage } from '@contract/languages';
import i18next, { type Resource, type TFunction } from 'i18next';
import ICU from 'i18next-icu';

/**
 * The server's words (docs/decisions/035-languages.md): every message file under locales/ loaded
 * once at start, ICU syntax as in the browser. A mail, a notification, an export or an error is
 * written in the language of the person who reads it: `translator(language)`.
 */
const LOCALES = fileURLToPath(new URL('../../locales', import.meta.url));

function loadResources(): Resource {
  const resources: Resource = {};
  for (const lng of languages) {
    resources[lng] = {};
    for (const file of readdirSync(join(LOCALES, lng))) {
      if (!file.endsWith('.json')) continue;
      resources[lng][file.slice(0, -'.json'.length)] = JSON.parse(
        readFileSync(join(LOCALES, lng, file), 'utf8'),
      );
    }
  }
  return resources;
}

const instance = i18next.createInstance();
void instance.use(ICU).init({
  initAsync: false,
  resources: loadResources(),
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  defaultNS: 'errors',
  ns: ['errors'],
  returnNull: false,
});

/** `t` in one language ('errors:not_found', {…}); keys name their file: 'mail:digest.subject'. */
export const translator = (language: Language): TFunction => instance.getFixedT(language);

/** Whether `key` ('errors:task_not_found') is one of our messages. */
export const isMessageKey = (key: string) => instance.exists(key, { lng: defaultLanguage });

/**
 * The language a person reads: their own choice, else what their browser asks for (a request's
 * Accept-Language), else the organisation's default (docs/product/profile.md#language).
 */
export function languageFor(options: {
  chosen?: string | null;
  acceptLanguage?: string | null;
  organisation?: string | null;
}): Language {
  const own = languages.find((l) => l === options.chosen);
  if (own) return own;
  const asked = pickLanguage(options.acceptLanguage);
  if (asked) return asked;
  return languages.find((l) => l === options.organisation) ?? defaultLanguage;
}

/** A person's formats for dates, times and numbers in their language (Intl). */
export const localeOf = (language: Language) => (language === 'de' ? 'de-DE' : 'en-US');

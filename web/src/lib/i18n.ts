import {
  defaultLanguage,
  type Language,
  languages,
  pickLanguage,
  type TimeFormat,
} from '@contract/languages';
import i18next, { type BackendModule, type I18nFormatModule, type ReadCallback } from 'i18next';
import IntlMessageFormat from 'intl-messageformat';
import { initReactI18next } from 'react-i18next';
import { setFormats } from './format';

/**
 * The browser's words and formats (docs/decisions/035-languages.md). Messages are ICU strings in
 * locales/<language>/<area>.json; a screen asks for its area with `useTranslation('tasks')` and the
 * file is fetched on demand, so a page downloads only its own language's words.
 */
export type UiLanguage = Language | 'pseudo';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json');

/**
 * Reads a message file when a screen first asks for its area (a chunk of its own per language). The
 * pseudo-locale's code, like its words, loads only for whoever chose it.
 */
const lazyFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, area: string, done: ReadCallback) {
    const source = language === 'pseudo' ? 'en' : language;
    const load = files[`../../../locales/${source}/${area}.json`];
    if (!load) return done(null, {});
    const messages =
      language === 'pseudo'
        ? Promise.all([load(), import('./pseudo-locale')]).then(([file, pseudo]) =>
            pseudo.pseudoResources(file.default),
          )
        : load().then((file) => file.default);
    messages.then(
      (resources) => done(null, resources),
      (error: Error) => done(error, null),
    );
  },
};

/** A message as the build leaves it (web/precompile-messages.ts): plain text, or its ICU syntax tree. */
type Ast = ReturnType<IntlMessageFormat['getAst']>;
const formatters = new WeakMap<Ast, Map<string, IntlMessageFormat>>();

/**
 * Formats the messages in ICU syntax, as i18next-icu does, from the syntax trees the build made: the
 * browser carries FormatJS's formatter but not its parser (docs/decisions/035-languages.md, "Cost in
 * the browser"). One formatter per message and language, made on first use.
 */
const precompiledIcu: I18nFormatModule & Record<string, unknown> = {
  type: 'i18nFormat',
  init() {},
  parse(message: unknown, values: Record<string, unknown>, language: string, _area: string, key: string) {
    const locale = language === 'pseudo' ? 'en' : language;
    try {
      if (typeof message === 'string') {
        // Plain text; or, where no build ran (unit tests), an ICU string the full formatter parses.
        if (!/[{}]/.test(message)) return message;
        return new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).format(values);
      }
      if (!Array.isArray(message)) return message;
      const byLocale = formatters.get(message) ?? new Map<string, IntlMessageFormat>();
      formatters.set(message, byLocale);
      const formatter = byLocale.get(locale) ?? new IntlMessageFormat(message, locale);
      byLocale.set(locale, formatter);
      return formatter.format(values);
    } catch (error) {
      // An argument missing: the text as written when it is a string (as i18next-icu did), else the key.
      if (import.meta.env.DEV) console.warn(`i18n: ${key}:`, error);
      return typeof message === 'string' ? message : key;
    }
  },
  // ICU chooses plural forms inside the message: no `_one`/`_other` keys to look up.
  addLookupKeys: (keys: string[]) => keys,
};

const CHOICE_KEY = 'language';
const ORGANISATION_KEY = 'organisationLanguage';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The language to show: a signed-in person's own choice, else one picked on the sign-in page, else the
 * browser's, else the organisation's default (as the sign-in page last heard it).
 */
export function resolveLanguage(own: Language | null | undefined): UiLanguage {
  const picked = languageChoice();
  if (picked === 'pseudo') return 'pseudo';
  if (own) return own;
  const chosen = languages.find((l) => l === picked);
  if (chosen) return chosen;
  const browser = pickLanguage(typeof navigator === 'undefined' ? null : navigator.languages);
  if (browser) return browser;
  return languages.find((l) => l === stored(ORGANISATION_KEY)) ?? defaultLanguage;
}

const choiceListeners = new Set<() => void>();
let choiceInMemory: string | null = null;

/** Remembers a choice made before signing in (the sign-in and registration pages' picker). */
export function rememberLanguageChoice(language: Language): void {
  choiceInMemory = language;
  try {
    window.localStorage.setItem(CHOICE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page
  }
  for (const listener of choiceListeners) listener();
}

/** For useSyncExternalStore: a choice made on the sign-in page (any tab). */
export function subscribeLanguageChoice(listener: () => void): () => void {
  choiceListeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === CHOICE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    choiceListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
export const languageChoice = () => stored(CHOICE_KEY) ?? choiceInMemory;

/** Remembers the organisation's default, as the public sign-in options tell it. */
export function rememberOrganisationLanguage(language: Language): void {
  try {
    window.localStorage.setItem(ORGANISATION_KEY, language);
  } catch {
    // private mode
  }
}

/**
 * The Intl locale of a language for this browser: its own region when it speaks that language
 * ('de-AT' for a German reader in Austria), else the language's usual one.
 */
export function localeFor(language: UiLanguage): string {
  const lang = language === 'pseudo' ? 'en' : language;
  const own = typeof navigator === 'undefined' ? [] : navigator.languages;
  const regional = own.find((tag) => tag.toLowerCase().startsWith(`${lang}-`));
  if (regional) return regional;
  return lang === 'de' ? 'de-DE' : 'en-US';
}

export const i18n = i18next.createInstance();
void i18n
  .use(precompiledIcu)
  .use(lazyFiles)
  .use(initReactI18next)
  .init({
    lng: resolveLanguage(null),
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages, 'pseudo'],
    ns: ['common'],
    defaultNS: 'common',
    returnNull: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/**
 * Switches language and formats at once (no reload): the messages of the areas on screen are fetched
 * first, then every screen renders again in the new language.
 */
export async function applyLanguage(
  language: UiLanguage,
  timeFormat: TimeFormat | null = null,
): Promise<void> {
  setFormats(localeFor(language), timeFormat);
  document.documentElement.lang = language === 'pseudo' ? 'en-XA' : language;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

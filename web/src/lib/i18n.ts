import {
  defaultLanguage,
  type Language,
  languages,
  pickLanguage,
  type TimeFormat,
} from '@contract/languages';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setFormats } from './format-settings';
import { precompiledIcu } from './precompiled-icu';

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
    // No per-key fallback to English: it would make a German screen fetch every English word too. A
    // key missing in a language fails `npm test` (scripts/check-messages.mjs), so none reaches a screen.
    fallbackLng: false,
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

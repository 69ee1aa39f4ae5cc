import type { I18nFormatModule } from 'i18next';
import IntlMessageFormat from 'intl-messageformat';

/** A message as the build leaves it (web/precompile-messages.ts): plain text, or its ICU syntax tree. */
type Ast = ReturnType<IntlMessageFormat['getAst']>;
const formatters = new WeakMap<Ast, Map<string, IntlMessageFormat>>();

/**
 * Formats the messages in ICU syntax, as i18next-icu does, from the syntax trees the build made: the
 * browser carries FormatJS's formatter but not its parser (docs/decisions/035-languages.md, "Cost in
 * the browser"). One formatter per message and language, made on first use.
 */
export const precompiledIcu: I18nFormatModule & Record<string, unknown> = {
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

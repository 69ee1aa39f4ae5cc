import type { I18nFormatModule } from 'i18next';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

/**
 * Formats the messages in ICU syntax, as i18next-icu does, from the syntax trees the build made
 * (web/precompile-messages.ts): the browser carries neither FormatJS's parser nor its formatter
 * (docs/decisions/035-languages.md, "Cost in the browser"; docs/decisions/040-login-budget.md). The
 * message files use text, `{arguments}`, `select` and `plural` (with `#`); this walks those trees the
 * way intl-messageformat's `format` does, and `precompiled-icu.test.ts` holds every message of every
 * file to i18next-icu's text. Anything else in a message (a `number` or `date` argument) is refused,
 * so that test fails the day one is written.
 */
class MissingValue extends Error {}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesFor(locale: string, type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${locale}|${type}`;
  let rules = pluralRules.get(key);
  if (!rules) {
    rules = new Intl.PluralRules(locale, { type });
    pluralRules.set(key, rules);
  }
  return rules;
}

function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format;
}

function argument(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new MissingValue(name);
  return values[name];
}

function format(
  elements: MessageFormatElement[],
  locale: string,
  values: Record<string, unknown>,
  count?: number,
): string {
  let text = '';
  for (const element of elements) {
    switch (element.type) {
      case TYPE.literal:
        text += element.value;
        break;
      case TYPE.argument: {
        const value = argument(values, element.value);
        text +=
          typeof value === 'string' || typeof value === 'number' ? String(value) : value ? String(value) : '';
        break;
      }
      case TYPE.pound:
        if (count !== undefined) text += numberFormat(locale).format(count);
        break;
      case TYPE.select: {
        const option = element.options[String(argument(values, element.value))] ?? element.options.other;
        if (!option) throw new Error(`no option for ${element.value}`);
        text += format(option.value, locale, values, count);
        break;
      }
      case TYPE.plural: {
        const value = Number(argument(values, element.value));
        const n = value - (element.offset || 0);
        const option =
          element.options[`=${value}`] ??
          element.options[rulesFor(locale, element.pluralType ?? 'cardinal').select(n)] ??
          element.options.other;
        if (!option) throw new Error(`no option for ${element.value}`);
        text += format(option.value, locale, values, n);
        break;
      }
      default:
        throw new Error(`unsupported ICU element (type ${element.type})`);
    }
  }
  return text;
}

export const precompiledIcu: I18nFormatModule & Record<string, unknown> = {
  type: 'i18nFormat',
  init() {},
  parse(message: unknown, values: Record<string, unknown>, language: string, _area: string, key: string) {
    const locale = language === 'pseudo' ? 'en' : language;
    try {
      if (typeof message === 'string') {
        // Plain text; or, where no build ran (unit tests), an ICU string parsed here (the browser's build
        // has no parser: there every message with arguments arrives as a tree).
        if (!/[{}]/.test(message)) return message;
        return format(parse(message, { ignoreTag: true }), locale, values ?? {});
      }
      if (!Array.isArray(message)) return message;
      return format(message, locale, values ?? {});
    } catch (error) {
      // An argument missing: the text as written when it is a string (as i18next-icu did), else the key.
      if (import.meta.env.DEV) console.warn(`i18n: ${key}:`, error);
      return typeof message === 'string' ? message : key;
    }
  },
  // ICU chooses plural forms inside the message: no `_one`/`_other` keys to look up.
  addLookupKeys: (keys: string[]) => keys,
};

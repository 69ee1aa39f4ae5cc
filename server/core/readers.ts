import { defaultLanguage, type Language, languages } from '@contract/languages';
import { sentenceDay, zonedClock, zonedDate } from '@contract/zoned-time';
import { sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { inIds, rowsOf } from '../db/rows';
import type { Db } from '../db/types';
import { localeOf, translator } from '../lib/i18n';

/**
 * Whose language the server writes in (docs/decisions/035-languages.md): a mail or a notification in
 * its recipient's, an export or a feed in its requester's. A recipient reads their own choice, else
 * the organisation's default (a mail has no Accept-Language).
 */
const known = (language: string | null | undefined): Language | undefined =>
  languages.find((l) => l === language);

/** The organisation's default language (System Settings), English while none is saved. */
export async function organisationLanguage(db: Db): Promise<Language> {
  const [row] = await rowsOf<{ language: string | null }>(
    db,
    sql`select default_language as language from settings where id = 1`,
  );
  return known(row?.language) ?? defaultLanguage;
}

/**
 * The language each of these people reads mail and notifications in, in one query however many
 * they are: their own choice, else the organisation's default. Unknown ids are left out. (`notify`
 * reads the same from the recipients' rows it selects anyway, and the default at most once.)
 */
export async function languagesOf(db: Db, userIds: readonly string[]): Promise<Map<string, Language>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; language: string | null; organisation: string | null }>(
    db,
    sql`select u.id::text, u.language, s.default_language as organisation
        from users u left join settings s on s.id = 1
        where u.id ${inIds(ids)}`,
  );
  return new Map(rows.map((r) => [r.id, known(r.language) ?? known(r.organisation) ?? defaultLanguage]));
}

/**
 * What a text is written with: the reader's language, its `t`, and its formats. English keeps the
 * forms its texts have always had (ISO days, `2026-11-26 17:46`); other languages write Intl's.
 */
export type Reader = {
  language: Language;
  t: TFunction;
  /** a calendar day ('2026-11-26') as the reader writes it */
  day(isoDay: string): string;
  /** a day in a sentence, with its month's name: 26 Nov 2026, 26. Nov. 2026; a week is "Week of" its Monday so */
  longDay(isoDay: string): string;
  /** an instant in a time zone, to the minute: 2026-11-26 17:46, 26.11.2026, 17:46 */
  instant(at: Date, timeZone: string): string;
  /** a decimal number with `digits` decimals: 7.5 → 7.50, 7,50 */
  decimal(value: number, digits: number): string;
  /** a number as it is, ungrouped: 7.5, 7,5 */
  number(value: number): string;
};

/**
 * Words for a reader not known yet: a function of the reader (`({ t }) => t('mail:…')`), or a
 * plain string, someone's own text (a comment, a note), that stays as they wrote it.
 */
export type Words = string | ((reader: Reader) => string);
export const wordsFor = (words: Words | undefined, reader: Reader) =>
  typeof words === 'function' ? words(reader) : (words ?? '');

const readers = new Map<Language, Reader>();

export function readerOf(language: Language): Reader {
  let reader = readers.get(language);
  if (reader) return reader;
  const locale = localeOf(language);
  const english = language === 'en';
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const noon = (isoDay: string) => new Date(`${isoDay}T12:00:00Z`);
  reader = {
    language,
    t: translator(language),
    day: (isoDay) => (english ? isoDay : dayFormat.format(noon(isoDay))),
    longDay: (isoDay) => sentenceDay(isoDay, locale),
    instant: (at, timeZone) =>
      english
        ? `${zonedDate(at, timeZone)} ${zonedClock(at, timeZone)}`
        : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at),
    decimal: (value, digits) =>
      english
        ? value.toFixed(digits)
        : new Intl.NumberFormat(locale, {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
            useGrouping: false,
          }).format(value),
    number: (value) =>
      english
        ? String(value)
        : new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping: false }).format(value),
  };
  readers.set(language, reader);
  return reader;
}

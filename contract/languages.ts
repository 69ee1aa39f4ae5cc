/**
 * The languages Workbench speaks (docs/decisions/035-languages.md). A third language is its folder of
 * message files under locales/ and one entry here. No zod here: the sign-in page reads this module
 * before anything else of the contract (its schemas are in common.ts).
 */
export const languages = ['en', 'de'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
/** Each language's name in itself, as the language pickers list them. */
export const languageNames: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** A person's clock: 12-hour (9:05 PM) or 24-hour (21:05); null: as their language has it. */
export const timeFormats = ['12h', '24h'] as const;
export type TimeFormat = (typeof timeFormats)[number];

/**
 * The best of our languages for an Accept-Language header ('de-DE,de;q=0.9,en;q=0.8' → 'de'), or
 * null when it names none of them.
 */
export function pickLanguage(acceptLanguage: string | readonly string[] | null | undefined): Language | null {
  if (!acceptLanguage) return null;
  const ranges =
    typeof acceptLanguage === 'string'
      ? acceptLanguage
          .split(',')
          .map((part, index) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
            return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
          })
          .filter((r) => r.tag && r.q > 0)
          .sort((a, b) => b.q - a.q || a.index - b.index)
          .map((r) => r.tag)
      : acceptLanguage.map((tag) => tag.toLowerCase());
  for (const tag of ranges) {
    const primary = tag.split('-')[0];
    const found = languages.find((l) => l === primary);
    if (found) return found;
  }
  return null;
}

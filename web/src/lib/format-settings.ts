/**
 * The person's formats (lib/i18n.ts `applyLanguage` sets them): their language's locale and, when they
 * chose one, their clock. Until set: the browser's own. Apart from the formatters (format.ts), so the
 * entry sets them without carrying the formatters to the sign-in page, which shows no date.
 */
export const formats: { locale?: string; hourCycle?: 'h12' | 'h23' } = {};

/** Sets the locale and clock every formatter uses ('de-DE', '24h'); null: the locale's own clock. */
export function setFormats(nextLocale: string, timeFormat: '12h' | '24h' | null): void {
  formats.locale = nextLocale;
  formats.hourCycle = timeFormat === '12h' ? 'h12' : timeFormat === '24h' ? 'h23' : undefined;
}

/** The locale formats are written in ('en-US' until a language is applied). */
export const formatLocale = () => formats.locale ?? 'en-US';

import { type Language, languageNames, languages } from '@contract/languages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberLanguageChoice } from '@/lib/i18n';

/**
 * The language choice before anyone is signed in (the sign-in and registration pages): remembered in
 * this browser and applied at once. A signed-in person chooses on their profile instead.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = languages.find((l) => l === i18n.language) ?? '';
  return (
    <div className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
      {/* lucide's "languages" icon drawn here: the icon library is not part of the sign-in page's budget */}
      <svg
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden
      >
        <path d="m5 8 6 6M4 14l6-6 2-3M2 5h12M7 2h1M22 22l-5-10-5 10M14 18h6" />
      </svg>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(e) => rememberLanguageChoice(e.target.value as Language)}
        className="cursor-pointer rounded-md bg-transparent py-1 pr-1 pl-1.5 text-sm text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

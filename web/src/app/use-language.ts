import { useEffect, useState, useSyncExternalStore } from 'react';
import { useStoredUser } from '@/lib/auth';
import { applyLanguage, languageChoice, resolveLanguage, subscribeLanguageChoice } from '@/lib/i18n';

/**
 * Keeps the screen in the person's language and formats (docs/product/profile.md#language): their
 * profile's choice, a choice on the sign-in page, the browser's, the organisation's. Returns a key
 * that changes once the new language's words have arrived, so the screens under it render again in it
 * at once, no reload.
 */
export function useAppliedLanguage(): string {
  const user = useStoredUser();
  const choice = useSyncExternalStore(subscribeLanguageChoice, languageChoice, () => null);
  const wanted = resolveLanguage(user?.language);
  const clock = user?.timeFormat ?? null;
  const key = `${wanted}|${clock}|${choice ?? ''}`;
  const [applied, setApplied] = useState(key);
  useEffect(() => {
    let current = true;
    void applyLanguage(wanted, clock).then(() => {
      if (current) setApplied(key);
    });
    return () => {
      current = false;
    };
  }, [wanted, clock, key]);
  return applied.split('|').slice(0, 2).join('|');
}

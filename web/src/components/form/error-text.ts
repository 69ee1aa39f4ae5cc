import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A message that is a key of locales/<language>/errors.json (a contract message, a server code). */
const KEY = /^[a-z][a-z0-9_]*$/;

/**
 * The reader's words for an error: the contract's messages are keys of the `errors` area
 * (docs/decisions/035-languages.md), written in the screen's language here; a server's message is
 * already in the reader's language and shows as it is. The area loads in the background when a form
 * first renders, so nothing waits for it.
 */
type ErrorText = {
  (message: string): string;
  (message: string | null | undefined): string | undefined;
};

export function useErrorText(): ErrorText {
  const { t } = useTranslation('errors', { useSuspense: false });
  return useCallback(
    (message: string | null | undefined) => {
      if (!message) return message ?? undefined;
      return KEY.test(message) ? t(message, { defaultValue: message }) : message;
    },
    [t],
  ) as ErrorText;
}

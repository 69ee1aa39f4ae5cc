import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A message that is a key of locales/<language>/errors.json (a contract message, a server code). */
const KEY = /^[a-z][a-z0-9_]*$/;

/**
 * The reader's words for an error: the contract's messages are keys of the `errors` area
 * (docs/decisions/035-languages.md), written in the screen's language here; a server's message is
 * already in the reader's language and shows as it is. A form loads the area when it first validates
 * (use-zod-form.ts), so the sign-in page does not fetch it before anything is wrong; `load` fetches it
 * when the component first renders, for a message shown outside a form.
 */
type ErrorText = {
  (message: string): string;
  (message: string | null | undefined): string | undefined;
};

export function useErrorText({ load = false }: { load?: boolean } = {}): ErrorText {
  const { t } = useTranslation(load ? 'errors' : undefined, { useSuspense: false });
  return useCallback(
    (message: string | null | undefined) => {
      if (!message) return message ?? undefined;
      return KEY.test(message) ? t(message, { ns: 'errors', defaultValue: message }) : message;
    },
    [t],
  ) as ErrorText;
}

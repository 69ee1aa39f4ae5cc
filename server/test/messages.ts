import { type MessageValues, messageIn } from '../lib/errors';

/** The English text of an error code (a key of locales/en/errors.json), for tests that compare messages. */
export const english = (code: string, values?: MessageValues) => messageIn('en', code, values);

/** The German text of an error code. */
export const german = (code: string, values?: MessageValues) => messageIn('de', code, values);

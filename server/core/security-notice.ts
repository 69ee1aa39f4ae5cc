import type { Language } from '@contract/languages';
import type { Db } from '../db/types';
import type { Config } from '../config';
import type { Mailer } from '../lib/mailer';
import { organisationLanguage, readerOf, type Words, wordsFor } from './readers';

/** The account changes the owner hears of by e-mail, whoever made them (docs/product/accounts.md#security-notices). */
const NOTICES = [
  'password_changed',
  'password_reset',
  'password_reset_by_admin',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_reset',
  'token_created',
  'token_revoked',
  'tokens_revoked',
] as const;
export type SecurityChange = (typeof NOTICES)[number];

type Deps = { db: Db; mailer: Mailer; config: Pick<Config, 'appUrl'> };

/**
 * Tells the account's owner that something about their sign-in changed, so a change they did not
 * make does not go unnoticed. Queued in `tx` when given: the mail goes only if the change commits.
 * Written in the owner's language, else the organisation's (a caller that knows better, such as the
 * owner's own request, passes it as `user.language`).
 */
export async function sendSecurityNotice(
  deps: Deps,
  user: { email: string; firstName: string; language?: Language | null },
  change: SecurityChange,
  at: Date,
  tx?: Db,
  detail?: Words,
) {
  const reader = readerOf(user.language ?? (await organisationLanguage(tx ?? deps.db)));
  const { t, instant } = reader;
  const what = t(`mail:security.what.${change}`);
  const when = instant(at, 'UTC');
  const details = detail === undefined ? '' : wordsFor(detail, reader);
  const sentence = { what: `${what[0].toUpperCase()}${what.slice(1)}`, when, detail: details };
  await deps.mailer.send(
    {
      to: user.email,
      subject: t('mail:security.subject', { what }),
      text: [
        t('mail:greeting', { name: user.firstName }),
        '',
        details ? t('mail:security.body_detail', sentence) : t('mail:security.body', sentence),
        '',
        t('mail:security.advice', { url: `${deps.config.appUrl}/forgot-password` }),
      ].join('\n'),
      kind: `security:${change}`,
    },
    tx,
  );
}

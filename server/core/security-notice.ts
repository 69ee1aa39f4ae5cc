import type { Db } from '../db/types';
import type { Config } from '../config';
import type { Mailer } from '../lib/mailer';

/** The account changes the owner hears of by e-mail, whoever made them (docs/product/accounts.md#security-notices). */
const NOTICES = {
  password_changed: 'your password was changed',
  password_reset: 'your password was reset with a link sent to this address',
  password_reset_by_admin: 'an administrator gave your account a temporary password',
  two_factor_enabled: 'two-factor sign-in was turned on',
  two_factor_disabled: 'two-factor sign-in was turned off',
  two_factor_reset: 'an administrator removed your two-factor sign-in',
  token_created: 'a personal API token was created',
  token_revoked: 'a personal API token was revoked',
  tokens_revoked: 'all your personal API tokens were revoked',
} as const;
export type SecurityChange = keyof typeof NOTICES;

type Deps = { mailer: Mailer; config: Pick<Config, 'appUrl'> };

/**
 * Tells the account's owner that something about their sign-in changed, so a change they did not
 * make does not go unnoticed. Queued in `tx` when given: the mail goes only if the change commits.
 */
export async function sendSecurityNotice(
  deps: Deps,
  user: { email: string; firstName: string },
  change: SecurityChange,
  at: Date,
  tx?: Db,
  detail?: string,
) {
  const what = NOTICES[change];
  const when = at.toISOString().replace('T', ' ').slice(0, 16);
  await deps.mailer.send(
    {
      to: user.email,
      subject: `Workbench: ${what}`,
      text: [
        `Hello ${user.firstName},`,
        '',
        `${what[0].toUpperCase()}${what.slice(1)} on your Workbench account (${when} UTC)${detail ? `: ${detail}` : ''}.`,
        '',
        `If this was you, there is nothing to do. If it was not, choose a new password at ${deps.config.appUrl}/forgot-password and tell your administrator.`,
      ].join('\n'),
      kind: `security:${change}`,
    },
    tx,
  );
}

import type { Language } from '@contract/languages';
import { organisationLanguage, readerOf } from './readers';
import { createHmac, randomInt } from 'node:crypto';
import { CODE_LENGTH } from '@contract/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { verificationCodes } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Mailer } from '../lib/mailer';
import { rowsOf } from '../db/rows';

// Letters and digits without look-alikes (no 0/O, 1/I/L) so codes survive being read aloud or retyped.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const MAX_CODE_ATTEMPTS = 5;

export function generateCode(length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * Codes are stored as an HMAC under the server's secret key, bound to the user: the table alone
 * (without the key) does not let anyone try the 31⁶ possible codes offline.
 */
export const hashCode = (key: string, userId: string, code: string) =>
  createHmac('sha256', key).update(`verification-code:${userId}:${code.toUpperCase()}`).digest('hex');

/** SQL: the verification code an outbox mail carries can still be used. */
export const stillUsable = (now: Date) => sql`exists (
  select 1 from verification_codes vc
  where vc.id = (outbox.data->>'codeId')::uuid and vc.consumed_at is null
    and vc.expires_at > ${now} and vc.attempts < ${MAX_CODE_ATTEMPTS})`;

/**
 * Takes the code out of every outbox mail whose code is used, replaced, expired or out of tries:
 * the outbox keeps a mail's text, but a code only for as long as it can verify an account.
 */
export async function redactSpentCodes(db: Db, now: Date): Promise<number> {
  const redacted = await rowsOf(
    db,
    sql`
    update outbox set text = replace(text, data->>'code', '[used or expired]'), data = data - 'code'
    where kind = 'verification' and data->>'code' is not null and not ${stillUsable(now)}
    returning id`,
  );
  return redacted.length;
}

/** How long a code works. */
export const CODE_TTL_MS = 15 * 60 * 1000;

/**
 * Replaces any live code of the user with a new one and mails it (kind 'verification'); the
 * replaced codes leave the outbox.
 */
export async function issueVerificationCode(
  deps: { db: Db; clock: Clock; mailer: Mailer; secret: string },
  user: { id: string; email: string; firstName: string; language?: Language | null },
  /** who asked for it, when it is the person themselves (their browser's language): else the organisation's */
  requested?: Language,
) {
  const { t } = readerOf(user.language ?? requested ?? (await organisationLanguage(deps.db)));
  const code = generateCode();
  const now = deps.clock.now();
  const codeId = await deps.db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.userId, user.id), isNull(verificationCodes.consumedAt)));
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        userId: user.id,
        codeHash: hashCode(deps.secret, user.id, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      })
      .returning({ id: verificationCodes.id });
    return row.id;
  });
  await deps.mailer.send({
    to: user.email,
    subject: t('mail:verification.subject'),
    text: `${t('mail:greeting', { name: user.firstName })}\n\n${t('mail:verification.body', { code })}`,
    kind: 'verification',
    data: { code, codeId },
  });
  await redactSpentCodes(deps.db, now);
}

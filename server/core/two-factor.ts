import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@contract/profile';
import type { Role } from '@contract/auth';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../db/types';
import { recoveryCodes, twoFactorChallenges, twoFactorSecrets, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError, badRequest, conflict } from '../lib/errors';
import { generateCode } from './verification-codes';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238 by the `otpauth` library) and
 * single-use recovery codes (docs/decisions/019-two-factor.md, docs/product/accounts.md#two-factor).
 */

const ISSUER = 'Workbench';
const PERIOD_S = 30;
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const MAX_CHALLENGE_ATTEMPTS = 5;
export const CHALLENGE_COOKIE = 'wb_2fa';
export const WRONG_CODE = 'wrong_code';
export const CHALLENGE_GONE = 'challenge_gone';

// --- the secret at rest: AES-256-GCM under a key derived from the server secret, bound to the user

const keyOf = (serverSecret: string) =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'workbench', 'totp-secret-v1', 32));

export function sealSecret(serverSecret: string, userId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export const UNREADABLE_SECRET = 'unreadable_secret';

/** The secret in clear; 409 when it cannot be opened (the server secret changed since enrolment). */
export function openSecret(serverSecret: string, userId: string, sealed: string): string {
  try {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1') throw new Error('unknown sealed secret version');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw conflict(UNREADABLE_SECRET);
  }
}

const totpOf = (base32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(base32),
  });

/** The 30-second step a right code belongs to (one step of clock drift either way), or null. */
function matchingStep(base32: string, token: string, now: Date): number | null {
  const delta = totpOf(base32).validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

// --- recovery codes: 10 characters without look-alikes, shown as XXXXX-XXXXX, stored as HMACs

const normaliseRecovery = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const hashRecovery = (serverSecret: string, userId: string, code: string) =>
  createHmac('sha256', serverSecret)
    .update(`recovery-code:${userId}:${normaliseRecovery(code)}`)
    .digest('hex');
const isTotpShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = generateCode(10);
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

type Deps = { db: Db; secret: string };

/** Why a second factor was refused: each says what to do next (a used recovery code is not a clock problem). */
export const CODE_ALREADY_USED = 'code_already_used';
export const RECOVERY_CODE_USED = 'recovery_code_used';
export const WRONG_RECOVERY_CODE = 'wrong_recovery_code';
export type SecondFactorRefusal =
  | typeof WRONG_CODE
  | typeof CODE_ALREADY_USED
  | typeof RECOVERY_CODE_USED
  | typeof WRONG_RECOVERY_CODE;

/**
 * Checks a second factor of an enrolled user and uses it up: a TOTP code only if its step is later
 * than the last one accepted (no replay), a recovery code only once. Both in one conditional write,
 * so parallel requests with the same code cannot both pass. Answers null when the code was spent,
 * otherwise why it was refused.
 */
export async function spendSecondFactor(
  deps: Deps,
  userId: string,
  code: string,
  now: Date,
): Promise<SecondFactorRefusal | null> {
  if (isTotpShaped(code)) {
    const [row] = await deps.db
      .select({ secret: twoFactorSecrets.secret })
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, userId));
    if (!row?.secret) return WRONG_CODE;
    const step = matchingStep(openSecret(deps.secret, userId, row.secret), code.replace(/\s/g, ''), now);
    if (step === null) return WRONG_CODE;
    const used = await deps.db
      .update(twoFactorSecrets)
      .set({ lastStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          or(isNull(twoFactorSecrets.lastStep), lt(twoFactorSecrets.lastStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return used.length === 1 ? null : CODE_ALREADY_USED;
  }
  const codeHash = hashRecovery(deps.secret, userId, code);
  const used = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (used.length === 1) return null;
  // Not spent: one of the person's codes used before, or none of theirs at all.
  const [spent] = await deps.db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)));
  return spent ? RECOVERY_CODE_USED : WRONG_RECOVERY_CODE;
}

/** Whether the organisation requires a second factor of this user and none is enrolled. */
export const setupRequired = (
  user: { role: Role; twoFactorEnabled: boolean },
  requiredRoles: readonly Role[],
) => !user.twoFactorEnabled && requiredRoles.includes(user.role);

/** A new secret offered for enrolment (replacing any earlier offer); shown this once. */
export async function beginSetup(
  deps: Deps,
  user: { id: string; email: string; twoFactorEnabledAt: unknown },
) {
  if (user.twoFactorEnabledAt) throw conflict('two_factor_on_enrol');
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealSecret(deps.secret, user.id, secret);
  await deps.db
    .insert(twoFactorSecrets)
    .values({ userId: user.id, pendingSecret: sealed })
    .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { pendingSecret: sealed } });
  const otpauthUrl = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Confirms the offered secret with a code from the app; answers the recovery codes, shown once. */
export async function confirmSetup(deps: Deps, userId: string, code: string, now: Date) {
  const [row] = await deps.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  if (row?.secret) throw conflict('two_factor_already_on');
  if (!row?.pendingSecret) throw badRequest('two_factor_setup_first', 'code');
  const step = isTotpShaped(code)
    ? matchingStep(openSecret(deps.secret, userId, row.pendingSecret), code.replace(/\s/g, ''), now)
    : null;
  if (step === null) throw badRequest(WRONG_CODE, 'code');
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(twoFactorSecrets)
      .set({ secret: row.pendingSecret, pendingSecret: null, lastStep: step })
      .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.secret)))
      .returning({ userId: twoFactorSecrets.userId });
    if (confirmed.length === 0) throw conflict('two_factor_already_on');
    await tx.update(users).set({ twoFactorEnabledAt: now }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId, codeHash: hashRecovery(deps.secret, userId, c), createdAt: now })));
  });
  return { recoveryCodes: codes };
}

/** Removes the authenticator, the recovery codes and any half-finished sign-in of the user. */
export async function removeSecondFactor(db: Db, userId: string) {
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  const [row] = await db
    .update(users)
    .set({ twoFactorEnabledAt: null })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

// --- the half-finished sign-in: an opaque token in an HttpOnly cookie, its hash in the database

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export async function openChallenge(db: Db, userId: string, clock: Clock): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  // One waiting sign-in per user: a new password entry replaces the older one.
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await db.insert(twoFactorChallenges).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return token;
}

/**
 * Takes one of the waiting sign-in's tries (atomically, before the code is looked at) and answers
 * its user's id; 401 when there is none, it expired or its tries are used up.
 */
export async function takeChallengeTry(db: Db, token: string | undefined, now: Date) {
  if (!token) throw new AppError(401, CHALLENGE_GONE);
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, sha256(token)),
        gt(twoFactorChallenges.expiresAt, now),
        lt(twoFactorChallenges.attempts, MAX_CHALLENGE_ATTEMPTS),
      ),
    )
    .returning({ id: twoFactorChallenges.id, userId: twoFactorChallenges.userId });
  if (!row) {
    await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, sha256(token)));
    throw new AppError(401, CHALLENGE_GONE);
  }
  return row;
}

export async function closeChallenge(db: Db, id: string) {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id));
}

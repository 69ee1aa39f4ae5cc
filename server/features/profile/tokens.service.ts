import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type CreatedToken,
  type CreateTokenRequest,
} from '@contract/profile';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiTokens } from '../../db/schema';
import { sha256 } from '../../lib/auth';
import type { Context } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../../core/audit';
import { sendSecurityNotice } from '../../core/security-notice';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Enough for every script a person keeps; a revoked token no longer counts. */
const MAX_TOKENS = 20;
export const TOKEN_NOT_FOUND = 'token_not_found';

type Row = typeof apiTokens.$inferSelect;
const toToken = (row: Row, now: Date): ApiToken => ({
  id: row.id,
  name: row.name,
  lastFour: row.lastFour,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  scope: row.scope,
  status: row.expiresAt <= now ? 'expired' : 'active',
});

/** The caller's tokens not revoked, newest first; never their values (only a hash is stored). */
export async function listTokens(ctx: Context): Promise<ApiToken[]> {
  const rows = await ctx.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, ctx.actor.id), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((r) => toToken(r, ctx.now));
}

/**
 * A new token: `wb_pat_` + 32 random bytes (base64url). Only its SHA-256 hash and last four
 * characters are stored; the value is answered this once (docs/decisions/018-api-tokens-and-audit.md).
 */
export async function createToken(ctx: Context, input: CreateTokenRequest): Promise<CreatedToken> {
  const value = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await ctx.db.transaction(async (tx) => {
    const open = await tx
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, ctx.actor.id), isNull(apiTokens.revokedAt)));
    if (open.length >= MAX_TOKENS) {
      throw new AppError(409, 'too_many_tokens', undefined, { max: MAX_TOKENS });
    }
    const [created] = await tx
      .insert(apiTokens)
      .values({
        userId: ctx.actor.id,
        name: input.name,
        tokenHash: sha256(value),
        lastFour: value.slice(-4),
        scope: input.scope ?? 'read',
        createdAt: ctx.now,
        expiresAt: new Date(ctx.now.getTime() + Number(input.expiresInDays) * DAY_MS),
      })
      .returning();
    await sendSecurityNotice(
      ctx,
      ctx.actor,
      'token_created',
      ctx.now,
      tx,
      `"${created.name}" (${created.scope})`,
    );
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'token_created',
      targetUserId: ctx.actor.id,
      details: {
        tokenId: created.id,
        name: created.name,
        scope: created.scope,
        expiresAt: created.expiresAt.toISOString(),
      },
      at: ctx.now,
    });
    return created;
  });
  ctx.mailer.kick();
  ctx.log.info({ tokenId: row.id, userId: ctx.actor.id }, 'api token created');
  return { ...toToken(row, ctx.now), token: value };
}

/** Revokes one of the caller's own tokens; someone else's is 404, as if it did not exist. */
export async function revokeToken(ctx: Context, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: ctx.now })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, ctx.actor.id), isNull(apiTokens.revokedAt)))
      .returning();
    if (!row) throw notFound(TOKEN_NOT_FOUND);
    await sendSecurityNotice(ctx, ctx.actor, 'token_revoked', ctx.now, tx, `"${row.name}"`);
    await audit(tx, {
      actorId: ctx.actor.id,
      action: 'token_revoked',
      targetUserId: ctx.actor.id,
      details: { tokenId: row.id, name: row.name },
      at: ctx.now,
    });
  });
  ctx.mailer.kick();
  ctx.log.info({ tokenId: id, userId: ctx.actor.id }, 'api token revoked');
}

import { createHash } from 'node:crypto';
import type { User } from '@contract/auth';
import { AVATAR_MAX_BYTES, AVATAR_MISSING, AVATAR_NOT_IMAGE, AVATAR_TOO_LARGE } from '@contract/profile';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { avatars, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { readWithinLimit } from '../../lib/upload';
import type { Download } from '../../lib/routes';
import { toUser } from '../../core/people';

const SIZE = 256;
// A decompression bomb (a tiny file of a huge image) is refused before it is decoded.
const MAX_PIXELS = 40_000_000;

/** Any picture the server can decode becomes a 256 px square WebP; anything else is a 400. */
export async function reencode(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize(SIZE, SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(AVATAR_NOT_IMAGE, 'file');
  }
}

/** Reads the one file of a multipart upload, at most AVATAR_MAX_BYTES. */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(AVATAR_MISSING, 'file');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  } catch {
    throw badRequest(AVATAR_MISSING, 'file');
  }
  if (file?.fieldname !== 'file') throw badRequest(AVATAR_MISSING, 'file');
  try {
    return await readWithinLimit(file, AVATAR_TOO_LARGE);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(AVATAR_MISSING, 'file');
  }
}

/** Stores the picture and points profileImageUrl at a URL that changes with it (so it caches for good). */
export async function setAvatar(ctx: Context, upload: Buffer): Promise<User> {
  const image = await reencode(upload);
  const version = createHash('sha256').update(image).digest('hex').slice(0, 16);
  const url = `/api/users/${ctx.actor.id}/avatar?v=${version}`;
  const row = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(avatars)
      .values({ userId: ctx.actor.id, image, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: avatars.userId,
        set: { image: sql`excluded.image`, updatedAt: ctx.now },
      });
    const [row] = await tx
      .update(users)
      .set({ profileImageUrl: url })
      .where(eq(users.id, ctx.actor.id))
      .returning();
    return row;
  });
  return toUser(row);
}

/** The picture, with caching headers: its URL carries a version, so it never goes stale. */
export async function avatarImage(ctx: Context, id: string): Promise<Download> {
  const [row] = await ctx.db
    .select({ image: avatars.image })
    .from(avatars)
    .where(eq(avatars.userId, id))
    .limit(1);
  if (!row) throw notFound('no_picture');
  // Only signed-in people may see it: browsers may keep it, shared caches may not.
  return { body: row.image, cacheControl: 'private, max-age=31536000, immutable' };
}

import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MISSING,
  ATTACHMENT_NOT_ALLOWED,
  ATTACHMENT_TOO_LARGE,
  type ChatMessage,
  messageCaption,
} from '@contract/chat';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { conversationParticipants, messageAttachments, messages } from '../../db/schema';
import type { Context } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { readWithinLimit } from '../../lib/upload';
import type { Download } from '../../lib/routes';
import { assertParticipant } from './conversations.service';
import { type Presence, postMessage, type StoredFile } from './messages.service';

/** What a multipart upload holds: the file's bytes and name, and the words sent with it. */
export type Upload = { data: Buffer; fileName: string; content: string };

// A decompression bomb (a tiny file of a huge image) is refused before anyone decodes it (as avatars).
const MAX_PIXELS = 40_000_000;
const NAME_MAX = 200;

/**
 * Reads a multipart upload: the field `content` (optional words) and the one field `file`, at most
 * ATTACHMENT_MAX_BYTES. Fields after the file are not read.
 */
export async function readAttachment(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(ATTACHMENT_MISSING, 'file');
  let content = '';
  try {
    for await (const part of request.parts({
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === 'content') content = typeof part.value === 'string' ? part.value : '';
        continue;
      }
      if (part.fieldname !== 'file') throw badRequest(ATTACHMENT_MISSING, 'file');
      const data = await readWithinLimit(part, ATTACHMENT_TOO_LARGE);
      if (data.length === 0) throw badRequest(ATTACHMENT_MISSING, 'file');
      return { data, fileName: part.filename, content };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(ATTACHMENT_MISSING, 'file');
  }
  throw badRequest(ATTACHMENT_MISSING, 'file');
}

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
const OFFICE_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * What the file really is, from its first bytes (never the client's Content-Type): an image sharp can
 * read (PNG, JPEG, WebP, GIF: with its size in pixels), a PDF, an Office document (a ZIP named .docx,
 * .xlsx or .pptx), or UTF-8 text named .txt or .csv. Anything else (SVG and HTML included) is a 400.
 */
export async function inspect(data: Buffer, fileName: string): Promise<Omit<StoredFile, 'name' | 'data'>> {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const image =
    startsWith(data, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(data, [0xff, 0xd8, 0xff]) ||
    startsWith(data, [0x47, 0x49, 0x46, 0x38]) ||
    (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8));
  if (image) {
    try {
      const meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
      const type = meta.format ? IMAGE_TYPES[meta.format] : undefined;
      const height = meta.pageHeight ?? meta.height;
      if (type && meta.width && height && meta.width * height <= MAX_PIXELS) {
        // EXIF orientations 5–8 are shown turned a quarter: the box the browser lays out is swapped.
        const turned = (meta.orientation ?? 1) >= 5;
        return {
          contentType: type,
          width: turned ? height : meta.width,
          height: turned ? meta.width : height,
        };
      }
    } catch {
      // not an image after all
    }
    throw badRequest(ATTACHMENT_NOT_ALLOWED, 'file');
  }
  const none = { width: null, height: null };
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: 'application/pdf', ...none };
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]) && OFFICE_TYPES[ext]) {
    return { contentType: OFFICE_TYPES[ext], ...none };
  }
  if ((ext === 'txt' || ext === 'csv') && !data.includes(0) && isUtf8(data)) {
    return { contentType: `${ext === 'csv' ? 'text/csv' : 'text/plain'}; charset=utf-8`, ...none };
  }
  throw badRequest(ATTACHMENT_NOT_ALLOWED, 'file');
}

function isUtf8(data: Buffer) {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The name as shown and saved: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return [...(base || 'file')].slice(0, NAME_MAX).join('');
}

/**
 * Sends a file as a message (docs/product/chat.md#attachments): the caller must take part in the
 * conversation (checked before the upload is read), the file must be allowed by its content, and the
 * words with it follow the rules of a message's, but may be empty.
 */
export async function sendAttachment(
  ctx: Context,
  conversationId: string,
  read: () => Promise<Upload>,
  presence?: Presence,
): Promise<ChatMessage> {
  await assertParticipant(ctx.db, ctx.actor.id, conversationId);
  const upload = await read();
  const caption = messageCaption.safeParse(upload.content);
  if (!caption.success) throw badRequest(caption.error.issues[0].message, 'content');
  const name = cleanFileName(upload.fileName);
  const kind = await inspect(upload.data, name);
  return postMessage(ctx, conversationId, caption.data, presence, { name, data: upload.data, ...kind });
}

/** `filename` for old browsers (ASCII) and `filename*` (RFC 6266) for the real name. */
const disposition = (how: 'inline' | 'attachment', name: string) =>
  `${how}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * A message's file, to the conversation's participants only (anyone else: 404). Images are shown
 * inline; everything else is a download. Either way the browser may not sniff another type, and the
 * response runs no script even if opened on its own (a sandboxing CSP).
 */
export async function attachmentFile(
  ctx: Context,
  conversationId: string,
  attachmentId: string,
): Promise<Download> {
  const [row] = await ctx.db
    .select({
      fileName: messageAttachments.fileName,
      contentType: messageAttachments.contentType,
      data: messageAttachments.data,
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, messages.conversationId),
        eq(conversationParticipants.userId, ctx.actor.id),
      ),
    )
    .where(and(eq(messageAttachments.id, attachmentId), eq(messages.conversationId, conversationId)))
    .limit(1);
  if (!row) throw notFound('file_not_found');
  const inline = row.contentType.startsWith('image/');
  return {
    body: row.data,
    contentType: row.contentType,
    // The id never names other content; deleting the message removes the file from the server.
    cacheControl: 'private, max-age=86400',
    headers: {
      'content-disposition': disposition(inline ? 'inline' : 'attachment', row.fileName),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  };
}

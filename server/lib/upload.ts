import type { MultipartFile } from '@fastify/multipart';
import { AppError } from './errors';

/** 413 with the message on the `file` field, the one answer to any upload over its limit. */
export const tooLarge = (message: string) => new AppError(413, message, { fieldErrors: { file: [message] } });

/**
 * The whole of an uploaded file, or 413 when it is over the part's `fileSize` limit. The stream is
 * cut at the limit and `toBuffer()` throws only when a chunk crosses it: a file whose chunks end
 * exactly at the limit comes back whole-looking, cut to the limit, and only `truncated` tells.
 */
export async function readWithinLimit(part: MultipartFile, tooLargeMessage: string): Promise<Buffer> {
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(tooLargeMessage);
    throw err;
  }
  if (part.file.truncated) throw tooLarge(tooLargeMessage);
  return data;
}

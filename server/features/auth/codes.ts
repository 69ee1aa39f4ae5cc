import { createHmac, randomInt } from 'node:crypto';
import { CODE_LENGTH } from '@contract/auth';

// Letters and digits without look-alikes (no 0/O, 1/I/L) so codes survive being read aloud or retyped.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateCode(length = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Codes are stored as an HMAC keyed by the user id, so a leaked table does not reveal live codes. */
export const hashCode = (userId: string, code: string) =>
  createHmac('sha256', userId).update(code.toUpperCase()).digest('hex');

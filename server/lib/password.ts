import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's second recommended profile.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against for unknown e-mails so a wrong e-mail costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

/** A strong random password with upper, lower and digit (meets the registration rules). */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  // Guarantee each required class once (positions 0-2 are overwritten deterministically from more randomness).
  const [u, l, d] = randomBytes(3);
  return `${'ABCDEFGHJKLMNPQRSTUVWXYZ'[u % 24]}${'abcdefghijkmnopqrstuvwxyz'[l % 25]}${'23456789'[d % 8]}${out.slice(3)}`;
}

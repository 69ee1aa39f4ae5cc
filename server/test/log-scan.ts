import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';

/**
 * The logs of the API tests, scanned for what must never be in them
 * (docs/decisions/029-openapi-truth-and-log-redaction.md): every test app logs everything (trace)
 * into this process's buffer, the secrets the tests send and receive are remembered as they pass
 * through `inject`, and after a test file's last test the buffer must hold none of them, no e-mail
 * address and no password hash.
 */

const lines: string[] = [];
const secrets = new Set<string>();

type Stream = { write: (line: string) => unknown };

/** The stream a test app logs to: this buffer, and the test's own stream when it reads the log too. */
export function logStream(own?: Stream): Stream {
  return {
    write(line: string) {
      lines.push(line);
      return own?.write(line);
    },
  };
}

/** A value nobody may find in the log (short values would match by chance and are left out). */
export function rememberSecret(value: unknown) {
  if (typeof value === 'string' && value.length >= 6) secrets.add(value);
}

/** Keys whose values are secrets, in request and response bodies alike. */
const SECRET_KEY =
  /^(password|newPassword|currentPassword|confirmPassword|temporaryPassword|token|secret|code|verificationCode|inviteCode|recoveryCodes|otpauthUrl|clientSecret)$/;

function collect(value: unknown, depth = 0) {
  if (!value || typeof value !== 'object' || depth > 6) return;
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) {
      for (const item of [inner].flat()) rememberSecret(item);
    } else collect(inner, depth + 1);
  }
}

/** Remembers the secrets a call carried: its body's, its cookie's and bearer token's, and what it was given back. */
export function rememberSecretsOf(options: InjectOptions | string, response: LightMyRequestResponse) {
  if (typeof options !== 'string') {
    const payload = options.payload;
    if (payload && typeof payload === 'object' && !Buffer.isBuffer(payload)) collect(payload);
    if (typeof payload === 'string' && payload.startsWith('{')) {
      try {
        collect(JSON.parse(payload));
      } catch {
        // not JSON after all
      }
    }
    const headers = (options.headers ?? {}) as Record<string, string | undefined>;
    for (const cookie of String(headers.cookie ?? '').split(';'))
      rememberSecret(cookie.split('=')[1]?.trim());
    rememberSecret(/^Bearer (.+)$/i.exec(String(headers.authorization ?? ''))?.[1]);
  }
  for (const cookie of response.cookies) rememberSecret(cookie.value);
  if (response.statusCode < 400 && /json/.test(String(response.headers['content-type'] ?? ''))) {
    try {
      collect(JSON.parse(response.body));
    } catch {
      // an empty or partial body
    }
  }
}

const EMAIL = /[A-Za-z0-9._%+-]+(@|%40)([A-Za-z0-9-]+\.)+[A-Za-z]{2,}/i;
const PASSWORD_HASH = /\$argon2/;
const WORD = /[A-Za-z0-9]/;

/**
 * Where the secret stands on its own in the text (-1: nowhere): not inside a longer word or number,
 * so that a six-digit code is not found inside a timestamp or a duration.
 */
function standingAt(text: string, secret: string): number {
  for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + secret.length] ?? ' ';
    if (!WORD.test(before) && before !== '.' && !WORD.test(after)) return at;
  }
  return -1;
}

/** What the log must not hold, each with the first line that holds it. */
export function findLeaks(log: string[] = lines): string[] {
  const found: string[] = [];
  for (const line of log) {
    const email = EMAIL.exec(line);
    if (email) found.push(`an e-mail address (${email[0]}) in ${line}`);
    if (PASSWORD_HASH.test(line)) found.push(`a password hash in ${line}`);
  }
  const text = log.join('');
  for (const secret of secrets) {
    const at = standingAt(text, secret);
    if (at !== -1) found.push(`a secret (${secret}) in …${text.slice(Math.max(0, at - 200), at + 100)}`);
  }
  return found;
}

afterAll(() => {
  const found = findLeaks();
  if (found.length > 0) throw new Error(`The log holds what it must not:\n${found.slice(0, 10).join('\n')}`);
});

import { desc, eq } from 'drizzle-orm';
import { authApi } from '@contract/auth';
import type { RequestOf } from '@contract/endpoint';
import { outbox } from '../db/schema';
import type { TestContext } from './harness';

export const GOOD_PASSWORD = 'Secret123';

export type Registration = RequestOf<typeof authApi.register>['body'];

/** A valid registration body with a fresh address; bad bodies are built by spreading over it. */
export function registration(overrides: Partial<Registration> = {}): Registration {
  return {
    firstName: 'Nora',
    lastName: 'Newcomer',
    email: `nora.${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    role: 'employee',
    inviteCode: null,
    ...overrides,
  };
}

/** The latest verification code mailed to the address (from the outbox). */
export async function latestCode(t: TestContext, email: string): Promise<string> {
  const [row] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.toEmail, email))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!row?.data?.code) throw new Error(`no code for ${email}`);
  return row.data.code;
}

/** Registers and verifies; the account is then pending approval (or approved when invited). */
export async function registerAndVerify(t: TestContext, overrides: Partial<Registration> = {}) {
  const body = registration(overrides);
  const reg = await t.anonymous.call(authApi.register, { body });
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const code = await latestCode(t, body.email.toLowerCase());
  const res = await t.anonymous.call(authApi.verifyEmail, {
    body: { email: body.email, verificationCode: code },
  });
  return { body, res, email: body.email.toLowerCase() };
}

/** The session cookie ("name=value") a response set. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }) {
  const c = res.cookies.find((x) => x.name === 'wb_session' && x.value);
  return c ? `${c.name}=${c.value}` : undefined;
}

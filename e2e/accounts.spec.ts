import { describe, expect, it } from 'vitest';
import { adminSession, call, createApprovedUser } from './accounts';

describe('accounts API helpers', () => {
  it('createApprovedUser registers, verifies, gets approved and signs in', async () => {
    const session = await createApprovedUser('manager');
    expect(session.user.role).toBe('manager');
    const me = await call('GET', '/api/auth/user', undefined, session.cookie);
    expect(me.status).toBe(200);
    const admin = await adminSession();
    expect(admin.user.role).toBe('admin');
  });
});

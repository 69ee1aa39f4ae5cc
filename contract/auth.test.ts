import { describe, expect, it } from 'vitest';
import { changePasswordForm, registerForm, registerRequest } from './auth';

const fieldsWithIssues = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  [...new Set(result.error?.issues.map((issue) => issue.path.join('.')))].sort();

describe('forms report every field at once', () => {
  it('registration: a mismatched confirmation comes with the other fields’ messages', () => {
    const result = registerForm.safeParse({
      firstName: 'A',
      lastName: '',
      email: 'not-an-email',
      password: 'short',
      confirmPassword: 'different',
    });
    expect(fieldsWithIssues(result)).toEqual([
      'confirmPassword',
      'email',
      'firstName',
      'lastName',
      'password',
      'role',
    ]);
    expect(result.error?.issues.find((i) => i.path[0] === 'confirmPassword')?.message).toBe(
      "Passwords don't match",
    );
  });

  it('registration: matching passwords pass; the API payload may leave the confirmation out', () => {
    const valid = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      password: 'Password1',
      confirmPassword: 'Password1',
      role: 'employee',
    };
    expect(registerForm.safeParse(valid).success).toBe(true);
    expect(registerRequest.safeParse({ ...valid, confirmPassword: undefined }).success).toBe(true);
    expect(
      fieldsWithIssues(registerRequest.safeParse({ ...valid, firstName: 'A', confirmPassword: 'x' })),
    ).toEqual(['confirmPassword', 'firstName']);
  });

  it('password change: the mismatch comes with a missing current password', () => {
    const result = changePasswordForm.safeParse({
      currentPassword: '',
      newPassword: 'Password1',
      confirmPassword: 'Password2',
    });
    expect(fieldsWithIssues(result)).toEqual(['confirmPassword', 'currentPassword']);
  });
});

import type { User } from '@contract/auth';
import { type ChangePasswordForm as Values, changePasswordForm } from '@contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from './api';
import { FormField } from './form-field';

/** After an admin's reset: the temporary password must be replaced before anything else (decisions §3). */
export function ChangePasswordForm({ onChanged }: { onChanged: (user: User) => void }) {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      onChanged(await change.mutateAsync({ currentPassword, newPassword }));
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors?.currentPassword) {
        form.setError('currentPassword', { message: err.fieldErrors.currentPassword[0] });
      } else setError(err instanceof Error ? err.message : 'Failed to change password');
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id="currentPassword" label="Temporary password" error={errors.currentPassword?.message}>
        <Input
          id="currentPassword"
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
        />
      </FormField>
      <FormField
        id="newPassword"
        label="New password"
        error={errors.newPassword?.message}
        hint="At least 8 characters with uppercase, lowercase, and a number."
      >
        <Input
          id="newPassword"
          type="password"
          autoComplete="new-password"
          {...form.register('newPassword')}
        />
      </FormField>
      <FormField id="confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          id="confirmPassword"
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
      </FormField>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}

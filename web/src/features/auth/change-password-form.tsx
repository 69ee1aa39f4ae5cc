import { changePasswordForm, type User } from '@contract/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  applyServerErrors,
  Form,
  FormMessage,
  NewPasswordFields,
  TextField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { useChangePassword } from './api';

/** After an admin's reset: the temporary password must be replaced before anything else. */
export function ChangePasswordForm({ onChanged }: { onChanged: (user: User) => void }) {
  const { t } = useTranslation('auth');
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(changePasswordForm, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = async ({
    currentPassword,
    newPassword,
  }: {
    currentPassword: string;
    newPassword: string;
  }) => {
    setError(null);
    try {
      onChanged(await change.mutateAsync({ body: { currentPassword, newPassword } }));
    } catch (err) {
      if (!applyServerErrors(form, err))
        setError(err instanceof Error ? err.message : t('changePassword.failed'));
    }
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="password">
      <TextField
        name="currentPassword"
        label={t('changePassword.temporary')}
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields name="newPassword" />
      <FormMessage>{error}</FormMessage>
      <Button type="submit" className="w-full" disabled={change.isPending}>
        {change.isPending ? t('changePassword.saving') : t('changePassword.submit')}
      </Button>
    </Form>
  );
}

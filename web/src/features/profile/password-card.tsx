import { changePasswordForm } from '@contract/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  applyServerErrors,
  CheckboxField,
  Form,
  FormMessage,
  NewPasswordFields,
  TextField,
  useZodForm,
} from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useChangeOwnPassword } from './api';
import { CardHeading } from './card-heading';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '', revokeTokens: false };

export function PasswordCard() {
  const { t } = useTranslation('profile');
  const change = useChangeOwnPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(changePasswordForm, { defaultValues: EMPTY });
  const submit = async ({
    currentPassword,
    newPassword,
    revokeTokens,
  }: {
    currentPassword: string;
    newPassword: string;
    revokeTokens: boolean;
  }) => {
    setError(null);
    try {
      await change.mutateAsync({ body: { currentPassword, newPassword, revokeTokens } });
      form.reset(EMPTY);
      toast({
        title: t('password.changed'),
        description: revokeTokens ? t('password.changedAndRevoked') : t('password.changedSignedOut'),
      });
    } catch (err) {
      if (!applyServerErrors(form, err)) setError(err instanceof Error ? err.message : t('password.failed'));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardHeading>{t('password.title')}</CardHeading>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={submit} idPrefix="own-password">
          <TextField
            name="currentPassword"
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
          />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NewPasswordFields name="newPassword" />
          </div>
          <CheckboxField
            name="revokeTokens"
            label={t('password.revokeTokens')}
            hint={t('password.revokeTokensHint')}
          />
          <FormMessage>{error}</FormMessage>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('saving') : t('password.submit')}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
